// A room's state in its Durable Object's own SQLite database: one row for the room, one per seat
// (a player's place in the room, kept across reconnects), one per accepted word and round.
// Every method is synchronous: SQLite storage runs in the object's thread, and writes made
// without an await in between are committed together.
import type { LanguageCode, PresetName } from "#engine";
import type { RoundResults } from "./scoring.ts";
import type { BoardSize, RoomSettings } from "./settings.ts";
import type { RoomStatus } from "./messages.ts";

const SCHEMA = `
CREATE TABLE IF NOT EXISTS room (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  code TEXT NOT NULL,
  status TEXT NOT NULL,
  size INTEGER NOT NULL,
  rules TEXT NOT NULL,
  seconds INTEGER NOT NULL,
  lang TEXT NOT NULL DEFAULT 'en',
  round INTEGER NOT NULL DEFAULT 0,
  seed TEXT,
  board TEXT,
  starts_at INTEGER,
  ends_at INTEGER,
  results TEXT,
  published INTEGER NOT NULL DEFAULT 1,
  created_at INTEGER NOT NULL,
  active_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS seats (
  id TEXT PRIMARY KEY,
  key TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  player_id TEXT,
  host INTEGER NOT NULL,
  joined_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS words (
  round INTEGER NOT NULL,
  seat_id TEXT NOT NULL,
  word TEXT NOT NULL,
  points INTEGER NOT NULL,
  at INTEGER NOT NULL,
  PRIMARY KEY (round, seat_id, word)
);`;

// When each seat's player was last connected (set as a socket opens and closes). A table of its own
// so rooms made before it get it by CREATE TABLE IF NOT EXISTS, with no column to add.
const SEEN_SCHEMA = `
CREATE TABLE IF NOT EXISTS seat_seen (
  seat_id TEXT PRIMARY KEY,
  at INTEGER NOT NULL
);`;

export interface RoomRow {
  code: string;
  status: RoomStatus;
  settings: RoomSettings;
  round: number;
  seed: string | null;
  board: string[][] | null;
  startsAt: number | null;
  endsAt: number | null;
  results: RoundResults | null;
  /** False while the finished round's results still have to be written to D1. */
  published: boolean;
  createdAt: number;
  activeAt: number;
}

export interface Seat {
  id: string;
  key: string;
  name: string;
  playerId: string | null;
  host: boolean;
  joinedAt: number;
}

type Row = Record<string, SqlStorageValue>;

function roomFrom(r: Row): RoomRow {
  return {
    code: r.code as string,
    status: r.status as RoomStatus,
    // Rooms made before languages have no column: English.
    settings: { size: r.size as BoardSize, rules: r.rules as PresetName, seconds: r.seconds as number, lang: ((r.lang as string | undefined) ?? "en") as LanguageCode },
    round: r.round as number,
    seed: r.seed as string | null,
    board: r.board === null ? null : (JSON.parse(r.board as string) as string[][]),
    startsAt: r.starts_at as number | null,
    endsAt: r.ends_at as number | null,
    results: r.results === null ? null : (JSON.parse(r.results as string) as RoundResults),
    published: r.published === 1,
    createdAt: r.created_at as number,
    activeAt: r.active_at as number,
  };
}

function seatFrom(r: Row): Seat {
  return {
    id: r.id as string,
    key: r.key as string,
    name: r.name as string,
    playerId: r.player_id as string | null,
    host: r.host === 1,
    joinedAt: r.joined_at as number,
  };
}

export class RoomStore {
  private readonly sql: SqlStorage;
  /** Whether the tables exist: an unknown code's object has none (and gets none by being asked). */
  private hasTables: boolean | undefined;

  constructor(sql: SqlStorage) {
    this.sql = sql;
  }

  private tables(): boolean {
    if (this.hasTables === undefined) {
      this.hasTables = this.sql.exec("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'room'").one().n === 1;
      if (this.hasTables) this.sql.exec(SEEN_SCHEMA);
    }
    return this.hasTables;
  }

  /** After the storage is deleted. */
  forget(): void {
    this.hasTables = undefined;
  }

  exists(): boolean {
    return this.room() !== null;
  }

  create(code: string, settings: RoomSettings, now: number): void {
    this.sql.exec(SCHEMA);
    this.sql.exec(SEEN_SCHEMA);
    this.hasTables = true;
    this.sql.exec(
      "INSERT INTO room (id, code, status, size, rules, seconds, lang, created_at, active_at) VALUES (1, ?, 'lobby', ?, ?, ?, ?, ?, ?)",
      code,
      settings.size,
      settings.rules,
      settings.seconds,
      settings.lang,
      now,
      now,
    );
  }

  room(): RoomRow | null {
    if (!this.tables()) return null;
    const rows = this.sql.exec("SELECT * FROM room WHERE id = 1").toArray();
    return rows.length === 0 ? null : roomFrom(rows[0]);
  }

  touch(now: number): void {
    this.sql.exec("UPDATE room SET active_at = ? WHERE id = 1", now);
  }

  startRound(settings: RoomSettings, seed: string, board: string[][], startsAt: number, endsAt: number): void {
    this.sql.exec(
      "UPDATE room SET status = 'playing', size = ?, rules = ?, seconds = ?, round = round + 1, seed = ?, board = ?, starts_at = ?, ends_at = ?, results = NULL WHERE id = 1",
      settings.size,
      settings.rules,
      settings.seconds,
      seed,
      JSON.stringify(board),
      startsAt,
      endsAt,
    );
  }

  finishRound(results: RoundResults, endedAt: number): void {
    this.sql.exec(
      "UPDATE room SET status = 'finished', results = ?, published = 0, ends_at = min(ends_at, ?) WHERE id = 1",
      JSON.stringify(results),
      endedAt,
    );
  }

  markPublished(): void {
    this.sql.exec("UPDATE room SET published = 1 WHERE id = 1");
  }

  seats(): Seat[] {
    return this.sql.exec("SELECT * FROM seats ORDER BY joined_at, id").toArray().map(seatFrom);
  }

  seatCount(): number {
    return this.sql.exec("SELECT count(*) AS n FROM seats").one().n as number;
  }

  seatByKey(key: string): Seat | null {
    const rows = this.sql.exec("SELECT * FROM seats WHERE key = ?", key).toArray();
    return rows.length === 0 ? null : seatFrom(rows[0]);
  }

  seatById(id: string): Seat | null {
    const rows = this.sql.exec("SELECT * FROM seats WHERE id = ?", id).toArray();
    return rows.length === 0 ? null : seatFrom(rows[0]);
  }

  addSeat(seat: Seat): void {
    this.sql.exec(
      "INSERT INTO seats (id, key, name, player_id, host, joined_at) VALUES (?, ?, ?, ?, ?, ?)",
      seat.id,
      seat.key,
      seat.name,
      seat.playerId,
      seat.host ? 1 : 0,
      seat.joinedAt,
    );
  }

  /** The player of this seat was connected at `at` (a socket opened or closed). */
  markSeen(seatId: string, at: number): void {
    this.sql.exec("INSERT INTO seat_seen (seat_id, at) VALUES (?, ?) ON CONFLICT (seat_id) DO UPDATE SET at = max(at, excluded.at)", seatId, at);
  }

  /** When each seat's player was last connected (seats never connected have no entry). */
  lastSeen(): Map<string, number> {
    const out = new Map<string, number>();
    for (const r of this.sql.exec("SELECT seat_id, at FROM seat_seen")) out.set(r.seat_id as string, r.at as number);
    return out;
  }

  /** Frees a seat: it, its words and its last-seen time go (finished rounds keep their results). */
  removeSeat(seatId: string): void {
    this.sql.exec("DELETE FROM words WHERE seat_id = ?", seatId);
    this.sql.exec("DELETE FROM seat_seen WHERE seat_id = ?", seatId);
    this.sql.exec("DELETE FROM seats WHERE id = ?", seatId);
  }

  words(round: number, seatId: string): { word: string; points: number }[] {
    return this.sql
      .exec("SELECT word, points FROM words WHERE round = ? AND seat_id = ? ORDER BY at, word", round, seatId)
      .toArray()
      .map((r) => ({ word: r.word as string, points: r.points as number }));
  }

  /** Every seat's accepted words of a round. */
  wordsBySeat(round: number): Map<string, string[]> {
    const out = new Map<string, string[]>();
    for (const r of this.sql.exec("SELECT seat_id, word FROM words WHERE round = ? ORDER BY at, word", round)) {
      const list = out.get(r.seat_id as string) ?? [];
      list.push(r.word as string);
      out.set(r.seat_id as string, list);
    }
    return out;
  }

  counts(round: number): Map<string, number> {
    const out = new Map<string, number>();
    for (const r of this.sql.exec("SELECT seat_id, count(*) AS n FROM words WHERE round = ? GROUP BY seat_id", round)) {
      out.set(r.seat_id as string, r.n as number);
    }
    return out;
  }

  addWord(round: number, seatId: string, word: string, points: number, at: number): void {
    this.sql.exec("INSERT INTO words (round, seat_id, word, points, at) VALUES (?, ?, ?, ?, ?)", round, seatId, word, points, at);
  }
}
