// A live room as this page knows it, changed only by pure transitions: `reduceRoom` for each
// message from the room's WebSocket, and the named transitions below for what the player does.
// RoomStore holds the current state and tells its listeners about each new one. No DOM here: the
// view (room-screen.ts) draws a state, the session (room-session.ts) wires the socket to the store.
import { RULES, type Rules, type Verdict } from "#engine";
import type { RoomPlayerView, RoomView, ServerMessage } from "#worker/rooms/messages.ts";
import type { RoundResults } from "#worker/rooms/scoring.ts";
import { reasonText } from "../../core/verdicts.ts";
import { plural } from "#game/plural.ts";

export interface RoomWord {
  points: number;
  /** Sent to the room and not yet answered. */
  pending: boolean;
}

export interface Feedback {
  text: string;
  tone: "good" | "bad" | "info";
}

export interface RoomState {
  room: RoomView | null;
  results: RoundResults | null;
  you: { id: string; name: string; host: boolean };
  /** This round's words: accepted by the room, or sent and not yet answered. */
  words: ReadonlyMap<string, RoomWord>;
  /** Words sent and not yet answered, by the ref they went with. */
  sent: ReadonlyMap<number, string>;
  /** The last ref given to a word. */
  lastRef: number;
  /** Words to put on the socket (the session sends them, then calls `outboxSent`). */
  outbox: readonly { ref: number; word: string }[];
  /** The line under the word field: the last verdict, or what went wrong. */
  feedback: Feedback;
  /** The round's words are in, so words get an instant verdict here (the room's acceptance is then silent). */
  judgesLocally: boolean;
}

const SILENT: Feedback = { text: "", tone: "info" };

export function initialRoomState(seatId: string): RoomState {
  return {
    room: null,
    results: null,
    you: { id: seatId, name: "", host: false },
    words: new Map(),
    sent: new Map(),
    lastRef: 0,
    outbox: [],
    feedback: SILENT,
    judgesLocally: false,
  };
}

export function rulesOf(state: RoomState): Rules {
  return RULES[state.room?.settings.rules ?? "classic"];
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const accepted = (word: string, points: number): Feedback => ({ text: `${word.toUpperCase()} +${points}`, tone: "good" });

/** Queues `word` for the room under a new ref. */
function send(state: RoomState, word: string): RoomState {
  const ref = state.lastRef + 1;
  return { ...state, lastRef: ref, sent: new Map(state.sent).set(ref, word), outbox: [...state.outbox, { ref, word }] };
}

function withoutRef(sent: ReadonlyMap<number, string>, ref: number | null): ReadonlyMap<number, string> {
  if (ref === null || !sent.has(ref)) return sent;
  const next = new Map(sent);
  next.delete(ref);
  return next;
}

/** The state after one message from the room. */
export function reduceRoom(state: RoomState, message: ServerMessage): RoomState {
  switch (message.type) {
    case "state": {
      const newRound = state.room !== null && message.room.round !== state.room.round;
      let next: RoomState = {
        ...state,
        room: message.room,
        results: message.results,
        you: message.you,
        words: new Map(message.words.map((w) => [w.word, { points: w.points, pending: false }])),
        sent: new Map(),
        outbox: [],
        // A new round, or its end, starts with a clean line: the last verdict belongs to the round before.
        feedback: newRound || message.room.status !== "playing" ? SILENT : state.feedback,
      };
      // Words sent but lost with a dropped connection are sent again (the room ignores repeats).
      if (message.room.status === "playing" && !newRound) {
        for (const word of new Set(state.sent.values())) {
          if (next.words.has(word)) continue;
          next = send(next, word);
          const local = state.words.get(word);
          if (local) next = { ...next, words: new Map(next.words).set(word, local) };
        }
      }
      return next;
    }
    case "players":
      return state.room ? { ...state, room: { ...state.room, players: message.players } } : state;
    case "counts": {
      if (state.room?.round !== message.round) return state;
      const players = state.room.players.map((p): RoomPlayerView => ({ ...p, count: message.counts[p.id] ?? 0 }));
      return { ...state, room: { ...state.room, players } };
    }
    case "verdict": {
      const sent = withoutRef(state.sent, message.ref);
      if (message.accepted) {
        const words = new Map(state.words).set(message.word, { points: message.points, pending: false });
        return { ...state, sent, words, feedback: state.judgesLocally ? state.feedback : accepted(message.word, message.points) };
      }
      // A repeat of a word the room already holds (sent again after a reconnect) is no news.
      if (message.reason === "duplicate" && state.words.has(message.word)) return { ...state, sent };
      const words = new Map(state.words);
      words.delete(message.word);
      return { ...state, sent, words, feedback: { text: reasonText(message.reason, message.word, rulesOf(state)), tone: "bad" } };
    }
    case "error": {
      const word = message.ref === null ? undefined : state.sent.get(message.ref);
      let words = state.words;
      if (word !== undefined && words.get(word)?.pending) {
        const next = new Map(words);
        next.delete(word);
        words = next;
      }
      return { ...state, sent: withoutRef(state.sent, message.ref), words, feedback: { text: capitalized(message.message), tone: "bad" } };
    }
    case "pong":
      return state;
  }
}

/**
 * A word the player typed during play. With the word list loaded it is judged here first (an
 * instant verdict; a refused word is never sent); either way the room judges it.
 */
export function wordTyped(state: RoomState, raw: string, judge: ((raw: string, found: ReadonlySet<string>) => Verdict) | null): RoomState {
  if (judge === null) return send(state, raw);
  const verdict = judge(raw, new Set(state.words.keys()));
  if (!verdict.accepted) return { ...state, feedback: { text: reasonText(verdict.reason, verdict.word, rulesOf(state)), tone: "bad" } };
  const words = new Map(state.words).set(verdict.word, { points: verdict.points, pending: true });
  return send({ ...state, words, feedback: accepted(verdict.word, verdict.points) }, verdict.word);
}

/** The outbox went out on the socket (or into the connection's queue). */
export function outboxSent(state: RoomState): RoomState {
  return state.outbox.length === 0 ? state : { ...state, outbox: [] };
}

export function wordsLoaded(state: RoomState): RoomState {
  return { ...state, judgesLocally: true };
}

export function told(state: RoomState, feedback: Feedback): RoomState {
  return { ...state, feedback };
}

/** The host starts rounds; while the host is away, anyone may. */
export function canStart(state: RoomState): boolean {
  return state.you.host || !(state.room?.players.some((p) => p.host && p.connected) ?? true);
}

/** Where the round is by the server's clock. */
export type RoomPhase =
  | { kind: "lobby" }
  | { kind: "countdown"; startsIn: number; length: number }
  | { kind: "play"; left: number }
  /** Time is up; the room is counting the words. */
  | { kind: "counting" }
  | { kind: "over" };

export function phaseAt(room: RoomView, serverNow: number): RoomPhase {
  if (room.status === "lobby") return { kind: "lobby" };
  if (room.status === "finished") return { kind: "over" };
  if (room.startsAt === null || room.endsAt === null) return { kind: "lobby" };
  if (serverNow < room.startsAt) return { kind: "countdown", startsIn: room.startsAt - serverNow, length: room.endsAt - room.startsAt };
  if (serverNow < room.endsAt) return { kind: "play", left: room.endsAt - serverNow };
  return { kind: "counting" };
}

/** The status line for a phase. */
export function statusText(state: RoomState, phase: RoomPhase): string {
  const room = state.room;
  if (room === null) return "";
  switch (phase.kind) {
    case "lobby":
      if (state.you.host) return "Everyone in? Pick the board and start the round.";
      return canStart(state) ? "The host is away: anyone can start the round." : "Waiting for the host to start the round.";
    case "over":
      return canStart(state) ? "Round over. Play again with a new board?" : "Round over. The host can start another round.";
    case "countdown":
      return `Round ${room.round}: get ready.`;
    case "play": {
      const rules = rulesOf(state);
      const side = room.board?.length ?? room.settings.size;
      return `Round ${room.round}: ${side}x${side}, ${rules.name} rules (words of ${rules.minLength}+ letters).`;
    }
    case "counting":
      return "Counting the words…";
  }
}

/** A player's line in the players panel: live word counts during a round, points after it. */
export function playerLine(state: RoomState, player: RoomPlayerView): string {
  const tags = [player.host ? "host" : "", player.id === state.you.id ? "you" : "", player.connected ? "" : "away"].filter(Boolean);
  // Struck words count nothing, so after a round its points say more than its words.
  const scored = state.room?.status === "finished" ? state.results?.players.find((r) => r.seatId === player.id) : undefined;
  const tally = scored ? plural(scored.score, "point") : plural(player.count, "word");
  return `${player.name}${tags.length ? ` (${tags.join(", ")})` : ""}: ${tally}`;
}

type Listener = (state: RoomState, previous: RoomState) => void;

/** The current state of one room, and who to tell when it changes. */
export class RoomStore {
  private current: RoomState;
  private readonly listeners = new Set<Listener>();

  constructor(initial: RoomState) {
    this.current = initial;
  }

  get state(): RoomState {
    return this.current;
  }

  /** A message from the room. */
  receive(message: ServerMessage): void {
    this.apply((state) => reduceRoom(state, message));
  }

  /** Any of the transitions above. */
  apply(transition: (state: RoomState) => RoomState): void {
    const previous = this.current;
    const next = transition(previous);
    if (next === previous) return;
    this.current = next;
    for (const listener of this.listeners) listener(next, previous);
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
