// The room protocol's server-to-client messages (JSON over the room's WebSocket). Types only, so
// the site imports them without pulling in any Worker code. Client messages: ./schemas.ts.
import type { DayWordsPayload, LanguageCode, PresetName, Reason } from "#engine";
import type { RoundResults } from "./scoring.ts";
import type { BoardSize } from "./settings.ts";

export type RoomStatus = "lobby" | "playing" | "finished";

export interface RoomPlayerView {
  id: string;
  name: string;
  host: boolean;
  connected: boolean;
  /** Words accepted in the current round (never which ones). */
  count: number;
}

export interface RoomView {
  code: string;
  status: RoomStatus;
  /** 0 before the first round. */
  round: number;
  settings: { size: BoardSize; rules: PresetName; seconds: number; lang: LanguageCode };
  /** The round's board (rows of faces) once it is started; hidden by clients until `startsAt`. */
  board: string[][] | null;
  startsAt: number | null;
  endsAt: number | null;
  players: RoomPlayerView[];
}

export type ServerMessage =
  /** Sent on connecting and whenever the room changes phase: everything this seat needs. */
  | {
      type: "state";
      now: number;
      room: RoomView;
      you: { id: string; name: string; host: boolean };
      /** Your accepted words of the current round. */
      words: { word: string; points: number }[];
      results: RoundResults | null;
      /**
       * The round's words as salted hashes (shared/engine/day-words.ts), once it has a board: a page
       * judges a word at once without the lexicon. Salted with `<code>/<round>`.
       */
      dayWords: DayWordsPayload | null;
    }
  | { type: "players"; players: RoomPlayerView[] }
  /** Every player's word count, at most a few times a second while words come in. */
  | { type: "counts"; round: number; counts: Record<string, number> }
  | ({ type: "verdict"; ref: number | null } & ({ accepted: true; word: string; points: number } | { accepted: false; word: string; reason: Reason }))
  | { type: "error"; ref: number | null; code: RoomErrorCode; message: string }
  | { type: "pong"; ref: number | null; now: number };

export type RoomErrorCode =
  | "invalid-message"
  | "message-too-large"
  | "not-host"
  | "not-started"
  | "round-over"
  | "round-running"
  | "rate-limited";
