// Rooms in another language: the room's language is chosen when it is made and plays its dice
// (4x4), its letters and its lexicon; a word typed with accents counts as its folded form.
import { describe, expect, test } from "vitest";
import { DayWords, LANGUAGES, boardFromRows, solve } from "#engine";
import { lexiconOf } from "#worker/puzzles/engine.ts";
import { callJson, expectError, call } from "./helpers.ts";
import { connect, createRoom, startRound } from "./rooms-helpers.ts";

describe("a room in another language", () => {
  test("a Spanish room plays the Spanish dice on a 4x4 board and judges Spanish words, ñ and accents included", async () => {
    const room = await createRoom("Anfitrión", { lang: "es", size: 6 });
    const info = await callJson(`/api/rooms/${room.code}`);
    expect(info.settings).toMatchObject({ lang: "es", size: 4, rules: "classic" });
    const host = await connect(room);
    const spanish = LANGUAGES.es;
    // Rounds until a board with a word that has an accentable vowel or an ñ (nearly every board).
    for (let round = 0; round < 5; round++) {
      const rows = await startRound(host);
      expect(rows.length).toBe(4);
      const faces = new Set(spanish.dice.flat());
      for (const face of rows.flat()) expect(faces.has(face)).toBe(true);
      const words = solve(boardFromRows(rows, spanish.boardLetters), lexiconOf("es"), spanish.rules).words;
      const word = words.find((w) => /[aeoñ]/.test(w.word));
      if (word === undefined) continue;
      // The room's state carries the round's words as salted hashes: the page judges with them, no lexicon.
      const state = host.lastState();
      expect(state.dayWords?.salt).toBe(`${room.code}/${state.room.round}`);
      const judge = new DayWords(state.dayWords!);
      expect(judge.size).toBe(words.length);
      expect(words.every((w) => judge.has(w.word) && judge.isCommon(w.word) === w.common)).toBe(true);
      expect(judge.has("thewho")).toBe(false);
      const typed = word.word.replace(/a/g, "á").replace(/e/g, "é").replace(/o/g, "ó").toUpperCase();
      expect(await host.ask({ type: "word", word: typed })).toMatchObject({ type: "verdict", accepted: true, word: word.word, points: word.points });
      // An English word that is not Spanish is not a word here.
      expect(await host.ask({ type: "word", word: "thewho" })).toMatchObject({ accepted: false });
      host.close();
      return;
    }
    throw new Error("no Spanish board with a word to type in five rounds");
  });

  test("refuses an unknown language with a reason, and an English room stays English", async () => {
    await expectError(await call("/api/rooms", { json: { name: "Host", lang: "tlh" } }), 400, "invalid-request");
    const room = await createRoom("Host", { size: 5 });
    expect((await callJson(`/api/rooms/${room.code}`)).settings).toMatchObject({ lang: "en", size: 5 });
  });
});
