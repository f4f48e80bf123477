// A room and the daily round give a word the same reason: the same checks in the same order
// (too short, not a word, already found, not on the board). Issue 27: "QUZXV is not in the word
// list" in a room, "not on the board" on the daily board.
import { describe, expect, test } from "vitest";
import { boardFromRows, traceWord } from "#engine";
import { defaultLexicon } from "#worker/puzzles/engine.ts";
import { newPlayer, puzzleOf, startRound as startDailyRound, submit, today, wordNotOnBoard } from "./helpers.ts";
import { connect, createRoom, joinRoom, startRound as startRoomRound } from "./rooms-helpers.ts";

/** Strings that are no word and that neither board can trace: the first one that fits both. */
const GIBBERISH = ["quzxv", "qzxvw", "zxqvj", "vvxzq", "jjqxz"];

describe("the same verdict in a room and on the daily board", () => {
  test("a word that is neither a word nor on the board, a real word off the board, and a short one", async () => {
    const player = await newPlayer();
    const daily = await startDailyRound(player);
    const puzzle = await puzzleOf(today());

    const room = await createRoom("Host");
    const host = await connect(room);
    const guest = await connect(await joinRoom(room.code, "Guest"));
    const roomBoard = boardFromRows(await startRoomRound(host, [guest]));

    const lexicon = defaultLexicon();
    const neither = GIBBERISH.find((w) => !lexicon.has(w) && traceWord(puzzle.board, w) === null && traceWord(roomBoard, w) === null);
    expect(neither, "a string neither board traces").toBeDefined();
    const offBoard = wordNotOnBoard(puzzle);
    expect(traceWord(roomBoard, offBoard), `${offBoard} is off the room's board too`).toBeNull();

    const cases: [string, string][] = [
      [neither!, "not-a-word"],
      [neither!.toUpperCase(), "not-a-word"],
      [offBoard, "not-on-board"],
      ["at", "too-short"],
    ];
    for (const [word, reason] of cases) {
      const dailyVerdict = await submit(daily, word);
      const roomVerdict = await guest.ask({ type: "word", word });
      expect({ word, reason: dailyVerdict.reason }).toEqual({ word, reason });
      expect({ word, reason: roomVerdict.type === "verdict" && !roomVerdict.accepted ? roomVerdict.reason : roomVerdict }).toEqual({ word, reason });
    }
    host.close();
    guest.close();
  });
});
