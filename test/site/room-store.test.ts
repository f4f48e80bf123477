// The room island's state: what each message from the room does to it, what the player's words
// do, and what the screen reads off it (phase, status line, players panel). Pure functions, so
// every case is one state in and one state out.
import { describe, expect, test, vi } from "vitest";
import type { Verdict } from "#engine";
import type { RoomPlayerView, RoomView, ServerMessage } from "#worker/rooms/messages.ts";
import type { RoundResults } from "#worker/rooms/scoring.ts";
import {
  type RoomState,
  RoomStore,
  canStart,
  initialRoomState,
  wordsLoaded,
  outboxSent,
  phaseAt,
  playerLine,
  reduceRoom,
  statusText,
  wordTyped,
} from "#site/islands/room/room-store.ts";

const ann: RoomPlayerView = { id: "s-ann", name: "Ann", host: true, connected: true, count: 0 };
const ben: RoomPlayerView = { id: "s-ben", name: "Ben", host: false, connected: true, count: 0 };

function roomView(overrides: Partial<RoomView> = {}): RoomView {
  return {
    code: "ABCD",
    status: "playing",
    round: 1,
    settings: { size: 4, rules: "classic", seconds: 60, lang: "en" },
    board: [["c", "a", "s", "e"], ["m", "o", "p", "i"], ["s", "t", "r", "e"], ["n", "a", "p", "d"]],
    startsAt: 10_000,
    endsAt: 70_000,
    players: [ann, ben],
    ...overrides,
  };
}

function stateMessage(overrides: Partial<Extract<ServerMessage, { type: "state" }>> = {}): ServerMessage {
  return { type: "state", now: 20_000, room: roomView(), you: { id: "s-ben", name: "Ben", host: false }, words: [], results: null, dayWords: null, ...overrides };
}

/** Ben's page after the room's first state. */
function playing(overrides: Partial<Extract<ServerMessage, { type: "state" }>> = {}): RoomState {
  return reduceRoom(initialRoomState("s-ben"), stateMessage(overrides));
}

const results: RoundResults = {
  players: [
    { seatId: "s-ann", name: "Ann", playerId: null, rank: 1, score: 3, words: [{ word: "case", points: 1, struck: true }, { word: "stripe", points: 3, struck: false }] },
    { seatId: "s-ben", name: "Ben", playerId: null, rank: 2, score: 1, words: [{ word: "case", points: 1, struck: true }, { word: "mops", points: 1, struck: false }] },
  ],
  missed: [],
} as unknown as RoundResults;

const acceptAll = (raw: string): Verdict => ({ accepted: true, word: raw.toLowerCase(), path: [], points: raw.length - 3, common: true });

describe("the room's messages", () => {
  test("a state message is everything the page knows: room, you, your accepted words", () => {
    const state = playing({ words: [{ word: "case", points: 1 }] });
    expect(state.room?.code).toBe("ABCD");
    expect(state.you).toEqual({ id: "s-ben", name: "Ben", host: false });
    expect([...state.words]).toEqual([["case", { points: 1, pending: false }]]);
    expect(state.outbox).toEqual([]);
  });

  test("words sent and lost with a dropped connection are sent again under new refs", () => {
    let state = wordsLoaded(playing());
    state = outboxSent(wordTyped(wordTyped(state, "case", acceptAll), "mops", acceptAll));
    expect([...state.sent.values()]).toEqual(["case", "mops"]);
    // Reconnected: the room had taken "case" only.
    state = reduceRoom(state, stateMessage({ words: [{ word: "case", points: 1 }] }));
    expect(state.outbox).toEqual([{ ref: 3, word: "mops" }]);
    expect(state.words.get("mops")).toEqual({ points: 1, pending: true });
    expect(state.words.get("case")).toEqual({ points: 1, pending: false });
  });

  test("nothing is sent again into a new round or after the round", () => {
    const sentOne = outboxSent(wordTyped(playing(), "mops", null));
    expect(reduceRoom(sentOne, stateMessage({ room: roomView({ round: 2 }) })).outbox).toEqual([]);
    expect(reduceRoom(sentOne, stateMessage({ room: roomView({ status: "finished" }), results })).outbox).toEqual([]);
  });

  test("the round's end clears the last verdict", () => {
    const state = wordTyped(wordsLoaded(playing()), "xx", () => ({ accepted: false, word: "xx", reason: "too-short" }));
    expect(state.feedback.tone).toBe("bad");
    const over = reduceRoom(state, stateMessage({ room: roomView({ status: "finished" }), results }));
    expect(over.feedback.text).toBe("");
    expect(over.results).toBe(results);
  });

  test("an accepted word is kept; its line is said only when this page could not judge it first", () => {
    const sent = outboxSent(wordTyped(playing(), "mops", null));
    const verdict: ServerMessage = { type: "verdict", ref: 1, accepted: true, word: "mops", points: 1 };
    const after = reduceRoom(sent, verdict);
    expect(after.words.get("mops")).toEqual({ points: 1, pending: false });
    expect(after.sent.size).toBe(0);
    expect(after.feedback).toEqual({ text: "MOPS +1", tone: "good" });
    const judgedHere = outboxSent(wordTyped(wordsLoaded(playing()), "mops", acceptAll));
    expect(judgedHere.feedback.text).toBe("MOPS +1");
    expect(reduceRoom(judgedHere, verdict).feedback).toBe(judgedHere.feedback);
  });

  test("a refused word leaves the list, with the reason in the rules' words", () => {
    const sent = outboxSent(wordTyped(wordsLoaded(playing()), "mop", acceptAll));
    const after = reduceRoom(sent, { type: "verdict", ref: 1, accepted: false, word: "mop", reason: "not-on-board" });
    expect(after.words.has("mop")).toBe(false);
    expect(after.feedback).toEqual({ text: "Not on the board: MOP can't be traced here", tone: "bad" });
  });

  test("a repeat of a word the room already holds is no news", () => {
    const state = playing({ words: [{ word: "case", points: 1 }] });
    const after = reduceRoom(state, { type: "verdict", ref: 7, accepted: false, word: "case", reason: "duplicate" });
    expect(after.words.get("case")).toEqual({ points: 1, pending: false });
    expect(after.feedback.text).toBe("");
  });

  test("an error answering a word drops that pending word and says what went wrong", () => {
    const sent = outboxSent(wordTyped(playing(), "mops", null));
    const after = reduceRoom(sent, { type: "error", ref: 1, code: "round-over", message: "time is up: words are no longer taken" });
    expect(after.words.has("mops")).toBe(false);
    expect(after.feedback).toEqual({ text: "Time is up: words are no longer taken", tone: "bad" });
  });

  test("counts update this round's players; counts of another round are ignored", () => {
    const state = playing();
    const counted = reduceRoom(state, { type: "counts", round: 1, counts: { "s-ann": 4 } });
    expect(counted.room?.players.map((p) => p.count)).toEqual([4, 0]);
    expect(reduceRoom(state, { type: "counts", round: 0, counts: { "s-ann": 4 } })).toBe(state);
  });

  test("players replace the list; a pong changes nothing", () => {
    const state = playing();
    const away = { ...ann, connected: false };
    expect(reduceRoom(state, { type: "players", players: [away, ben] }).room?.players[0]).toEqual(away);
    expect(reduceRoom(state, { type: "pong", ref: -1, now: 1 })).toBe(state);
  });

  test("no transition changes the state it was given", () => {
    const state = playing({ words: [{ word: "case", points: 1 }] });
    const before = structuredClone(state);
    reduceRoom(state, { type: "counts", round: 1, counts: { "s-ann": 4 } });
    reduceRoom(state, { type: "verdict", ref: null, accepted: false, word: "case", reason: "not-a-word" });
    wordTyped(state, "mops", acceptAll);
    expect(state).toEqual(before);
  });
});

describe("the player's words", () => {
  test("judged here first: a refused word is never sent", () => {
    const state = wordTyped(wordsLoaded(playing()), "zzz", () => ({ accepted: false, word: "zzz", reason: "not-a-word" }));
    expect(state.outbox).toEqual([]);
    expect(state.feedback.text).toBe("Not a word: ZZZ is not in the word list");
  });

  test("an accepted word is shown pending and sent, each under its own ref", () => {
    const state = wordTyped(wordTyped(wordsLoaded(playing()), "Case", acceptAll), "mops", acceptAll);
    expect(state.outbox).toEqual([{ ref: 1, word: "case" }, { ref: 2, word: "mops" }]);
    expect(state.words.get("case")).toEqual({ points: 1, pending: true });
    expect(outboxSent(state).outbox).toEqual([]);
  });

  test("without the word list the word goes as typed, for the room to judge", () => {
    const state = wordTyped(playing(), " Mops ", null);
    expect(state.outbox).toEqual([{ ref: 1, word: " Mops " }]);
    expect(state.words.size).toBe(0);
  });
});

describe("what the screen reads off the state", () => {
  test("the phase follows the server's clock: countdown, play, counting", () => {
    const room = roomView();
    expect(phaseAt(room, 7_000)).toEqual({ kind: "countdown", startsIn: 3_000, length: 60_000 });
    expect(phaseAt(room, 10_000)).toEqual({ kind: "play", left: 60_000 });
    expect(phaseAt(room, 69_999)).toEqual({ kind: "play", left: 1 });
    expect(phaseAt(room, 70_000)).toEqual({ kind: "counting" });
    expect(phaseAt(roomView({ status: "lobby", startsAt: null, endsAt: null }), 0)).toEqual({ kind: "lobby" });
    expect(phaseAt(roomView({ status: "finished" }), 0)).toEqual({ kind: "over" });
  });

  test("the host starts rounds; while the host is away anyone may", () => {
    const state = playing();
    expect(canStart(state)).toBe(false);
    expect(canStart(reduceRoom(state, { type: "players", players: [{ ...ann, connected: false }, ben] }))).toBe(true);
    expect(statusText(reduceRoom(state, stateMessage({ room: roomView({ status: "lobby" }) })), { kind: "lobby" })).toBe("Waiting for the host to start the round.");
  });

  test("the status line names the round's board and rules during play", () => {
    expect(statusText(playing(), { kind: "play", left: 5_000 })).toBe("Round 1: 4x4, classic rules (words of 3+ letters).");
    expect(statusText(playing(), { kind: "over" })).toBe("Round over. The host can start another round.");
  });

  test("the players panel counts words during a round and gives points after it", () => {
    const during = reduceRoom(playing(), { type: "counts", round: 1, counts: { "s-ann": 2, "s-ben": 1 } });
    expect(during.room!.players.map((p) => playerLine(during, p))).toEqual(["Ann (host): 2 words", "Ben (you): 1 word"]);
    const after = reduceRoom(during, stateMessage({ room: roomView({ status: "finished", players: during.room!.players }), results }));
    expect(after.room!.players.map((p) => playerLine(after, p))).toEqual(["Ann (host): 3 points", "Ben (you): 1 point"]);
  });
});

describe("RoomStore", () => {
  test("tells its listeners about each new state, not about a message that changed nothing", () => {
    const store = new RoomStore(initialRoomState("s-ben"));
    const listener = vi.fn();
    store.subscribe(listener);
    store.receive(stateMessage());
    store.receive({ type: "pong", ref: -1, now: 1 });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener.mock.calls[0][0]).toBe(store.state);
    expect(listener.mock.calls[0][1].room).toBeNull();
  });
});
