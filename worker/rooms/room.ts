// One Durable Object per room. Its SQLite storage holds the room (./store.ts); players talk to it
// over WebSockets accepted with the hibernation API, so an idle room costs nothing while its
// sockets stay open; an alarm ends each round on time and deletes rooms left empty for a day.
// The Worker's router calls the RPC methods (create, join, info) and forwards WebSocket upgrades
// to fetch().
import { DurableObject } from "cloudflare:workers";
import { BOARD_SIZE_RULES } from "#game/board-sizes.ts";
import { type DayWordsPayload, type FoundWord, LANGUAGES, boardFromRows, boardRows, dayWordsPayload, randomHex, solve, todayUtc } from "#engine";
import { homeDb } from "../db/shards.ts";
import { insertRoomResults } from "./queries.ts";
import type { RoomResultRow } from "../db/schema.ts";
import type { Env } from "../env.ts";
import { type ErrorCode, errorBody } from "../http/errors.ts";
import { lexiconOf } from "../puzzles/engine.ts";
import { puzzleKey } from "#game/puzzle-key.ts";
import { getPuzzle } from "../puzzles/puzzles.ts";
import { nameSkeleton } from "../players/names.ts";
import type { RoomErrorCode, RoomPlayerView, RoomView, ServerMessage } from "./messages.ts";
import { BURST, MessageBudget, PER_SECOND } from "./message-budget.ts";
import { type ClientMessage, MAX_MESSAGE_BYTES, type SettingsChange, clientMessage } from "./schemas.ts";
import { type RoundResults, type SolutionIndex, indexSolution, judgeWord, scoreRound } from "./scoring.ts";
import { COUNTDOWN_MS, EMPTY_ROOM_TTL_MS, MAX_PLAYERS, type RoomSettings, SEAT_GRACE_MS, freshBoard, rulesOf } from "./settings.ts";
import { type RoomRow, RoomStore, type Seat } from "./store.ts";
import { onRealClock } from "../dev/pinned-day.ts";

/** A failed room call, shaped for the API's error body. */
export interface RoomFailure {
  ok: false;
  status: 400 | 403 | 404 | 409;
  code: ErrorCode;
  message: string;
}
export type RoomResult<T> = ({ ok: true } & T) | RoomFailure;

export interface SeatTicket {
  seatId: string;
  /** The seat's secret: reconnecting with it resumes the seat and its words. */
  seatKey: string;
}

interface Attachment {
  seatId: string;
}

/**
 * Word counts go to everyone at most this often: one message per interval instead of one per
 * accepted word to every player (with 50 players that fan-out would dominate the room's traffic).
 */
const COUNTS_INTERVAL_MS = 250;

/** After a failed write of the results to D1, try again this much later. */
const PUBLISH_RETRY_MS = 30_000;

const notFound = (): RoomFailure => ({ ok: false, status: 404, code: "not-found", message: "there is no room with this code (rooms with no one in them close after a day)" });

export class Room extends DurableObject<Env> {
  private readonly store: RoomStore;
  /** The current round's solution, computed on first use after a start or a wake-up. */
  private solution: { round: number; index: SolutionIndex; dayWords: DayWordsPayload } | null = null;
  private countsTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly budget = new MessageBudget();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.store = new RoomStore(ctx.storage.sql);
  }

  // ---- RPC from the Worker's router

  async create(code: string, settings: RoomSettings, host: { name: string; playerId: string | null }): Promise<RoomResult<SeatTicket>> {
    if (this.store.exists()) return { ok: false, status: 409, code: "conflict", message: "this room code is taken" };
    const now = Date.now();
    this.store.create(code, settings, now);
    const ticket = this.addSeat(host.name, host.playerId, true, now);
    await this.ctx.storage.setAlarm(onRealClock(now + EMPTY_ROOM_TTL_MS));
    return { ok: true, ...ticket };
  }

  async join(player: { name: string; playerId: string | null }): Promise<RoomResult<SeatTicket>> {
    const room = this.store.room();
    if (room === null) return notFound();
    const now = Date.now();
    const seats = this.store.seats();
    // A player who has a seat here gets it back (a reload in a frame that kept no seat key):
    // never a second seat, nor "name taken" by their own away seat.
    const own = player.playerId === null ? undefined : seats.find((s) => s.playerId === player.playerId);
    if (own !== undefined) {
      this.store.touch(now);
      return { ok: true, seatId: own.id, seatKey: own.key };
    }
    const held = this.heldSeats(room, seats, now);
    const wanted = nameKey(player.name);
    const sameName = seats.find((s) => nameKey(s.name) === wanted);
    if (sameName !== undefined && held.has(sameName.id)) {
      return { ok: false, status: 409, code: "name-taken", message: `someone in this room is already called "${sameName.name}": pick another name` };
    }
    if (held.size >= MAX_PLAYERS) {
      return { ok: false, status: 409, code: "room-full", message: `this room is full (at most ${MAX_PLAYERS} players)` };
    }
    // Seats of players gone a while make room (when the room is full) and free their names.
    const gone = seats.filter((s) => !held.has(s.id));
    for (const seat of gone) if (seats.length >= MAX_PLAYERS || seat === sameName) this.store.removeSeat(seat.id);
    const ticket = this.addSeat(player.name, player.playerId, false, now);
    this.store.touch(now);
    this.broadcast({ type: "players", players: this.playerViews() });
    return { ok: true, ...ticket };
  }

  /** The seat a player holds here (their key resumes it), if any. */
  async seatOfPlayer(playerId: string): Promise<RoomResult<SeatTicket>> {
    if (this.store.room() === null) return notFound();
    const own = this.store.seats().find((s) => s.playerId === playerId);
    if (own === undefined) return { ok: false, status: 404, code: "not-found", message: "you have no seat in this room: join it first" };
    return { ok: true, seatId: own.id, seatKey: own.key };
  }

  async info(): Promise<RoomResult<{ room: RoomView }>> {
    const room = this.store.room();
    if (room === null) return notFound();
    return { ok: true, room: this.view(room) };
  }

  // ---- WebSockets

  override async fetch(request: Request): Promise<Response> {
    const fail = (status: number, code: ErrorCode, message: string) => Response.json(errorBody(code, message), { status });
    const room = this.store.room();
    if (room === null) return fail(404, "not-found", notFound().message);
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") return fail(426, "invalid-request", "this endpoint takes a WebSocket upgrade");
    const key = new URL(request.url).searchParams.get("seat") ?? "";
    const seat = key === "" ? null : this.store.seatByKey(key);
    if (seat === null) return fail(403, "forbidden", "unknown seat: join the room first (POST /api/rooms/CODE/players)");

    // One live connection per seat: a reload or a second tab takes over from the old one.
    for (const old of this.ctx.getWebSockets(seat.id)) old.close(4001, "connected elsewhere");
    const pair = new WebSocketPair();
    const [client, server] = Object.values(pair);
    this.ctx.acceptWebSocket(server, [seat.id]);
    server.serializeAttachment({ seatId: seat.id } satisfies Attachment);
    this.store.touch(Date.now());
    this.store.markSeen(seat.id, Date.now());
    this.sendState(server, this.store.room()!, seat);
    this.broadcast({ type: "players", players: this.playerViews() }, server);
    return new Response(null, { status: 101, webSocket: client });
  }

  override async webSocketMessage(ws: WebSocket, raw: string | ArrayBuffer): Promise<void> {
    const size = typeof raw === "string" ? new TextEncoder().encode(raw).length : raw.byteLength;
    if (size > MAX_MESSAGE_BYTES) return this.sendError(ws, null, "message-too-large", `messages are at most ${MAX_MESSAGE_BYTES} bytes`);
    if (typeof raw !== "string") return this.sendError(ws, null, "invalid-message", "messages are JSON text");
    let data: unknown;
    try {
      data = JSON.parse(raw);
    } catch {
      return this.sendError(ws, null, "invalid-message", "messages are JSON text");
    }
    const parsed = clientMessage.safeParse(data);
    if (!parsed.success) {
      const ref = typeof (data as { ref?: unknown })?.ref === "number" ? (data as { ref: number }).ref : null;
      const issue = parsed.error.issues[0];
      const where = issue && issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
      return this.sendError(ws, ref, "invalid-message", `${where}${issue?.message ?? "not a room message"}`);
    }
    const seat = this.seatOf(ws);
    const room = this.store.room();
    if (seat === null || room === null) return ws.close(4004, "this room or seat no longer exists");
    const allowance = this.budget.take(seat.id, Date.now());
    if (allowance === "disconnect") return ws.close(1008, "too many messages");
    if (allowance === "refused") return this.sendError(ws, parsed.data.ref ?? null, "rate-limited", `too many messages: at most ${PER_SECOND} a second (${BURST} at once); this one was not read`);
    await this.handle(ws, seat, room, parsed.data);
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, reason);
    } catch {
      // Already closed.
    }
    if (this.store.room() === null) return;
    const now = Date.now();
    this.store.touch(now);
    const seatId = (ws.deserializeAttachment() as Attachment | null)?.seatId;
    if (seatId !== undefined && this.store.seatById(seatId) !== null) this.store.markSeen(seatId, now);
    this.broadcast({ type: "players", players: this.playerViews(ws) }, ws);
    await this.scheduleCleanupIfIdle(now, ws);
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    await this.webSocketClose(ws, 1011, "error");
  }

  // ---- the alarm: the end of a round, a retried results write, or the cleanup of an empty room

  override async alarm(): Promise<void> {
    const room = this.store.room();
    if (room === null) return;
    const now = Date.now();
    if (room.status === "playing") {
      this.finish(room, now);
      await this.publish();
      return;
    }
    if (!room.published) {
      await this.publish();
      return;
    }
    if (this.openSockets().length > 0) {
      await this.ctx.storage.setAlarm(onRealClock(now + EMPTY_ROOM_TTL_MS));
    } else if (now - room.activeAt >= EMPTY_ROOM_TTL_MS) {
      await this.ctx.storage.deleteAll();
      this.store.forget();
      this.solution = null;
    } else {
      await this.ctx.storage.setAlarm(onRealClock(room.activeAt + EMPTY_ROOM_TTL_MS));
    }
  }

  // ---- messages

  private async handle(ws: WebSocket, seat: Seat, room: RoomRow, message: ClientMessage): Promise<void> {
    const ref = message.ref ?? null;
    switch (message.type) {
      case "ping":
        return this.send(ws, { type: "pong", ref, now: Date.now() });
      case "word":
        return this.word(ws, seat, room, message.word, ref);
      case "start":
        return this.start(ws, seat, room, message.settings ?? {}, ref);
    }
  }

  private word(ws: WebSocket, seat: Seat, room: RoomRow, raw: string, ref: number | null): void {
    const now = Date.now();
    if (room.status !== "playing" || room.endsAt === null || room.startsAt === null) {
      const code = room.status === "finished" ? "round-over" : "not-started";
      return this.sendError(ws, ref, code, room.status === "finished" ? "the round is over: words are no longer taken" : "the round has not started");
    }
    if (now < room.startsAt) return this.sendError(ws, ref, "not-started", "the round has not started yet");
    if (now >= room.endsAt) return this.sendError(ws, ref, "round-over", "time is up: words are no longer taken");
    const found = new Set(this.store.words(room.round, seat.id).map((w) => w.word));
    const lang = room.settings.lang;
    const verdict = judgeWord(raw, this.solutionOf(room), lexiconOf(lang), rulesOf(room.settings), found, (text) => LANGUAGES[lang].normalize(text));
    if (verdict.accepted) {
      this.store.addWord(room.round, seat.id, verdict.word, verdict.points, now);
      this.countsTimer ??= setTimeout(() => this.sendCounts(), COUNTS_INTERVAL_MS);
    }
    this.send(ws, { type: "verdict", ref, ...verdict });
  }

  private async start(ws: WebSocket, seat: Seat, room: RoomRow, change: SettingsChange, ref: number | null): Promise<void> {
    // A room whose host has gone is not stuck: while the host is away anyone may start.
    if (!seat.host && this.playerViews().some((p) => p.host && p.connected)) {
      return this.sendError(ws, ref, "not-host", "only the room's host can start a round");
    }
    if (room.status === "playing") return this.sendError(ws, ref, "round-running", "a round is already running");
    const settings: RoomSettings = { ...room.settings, ...change };
    if (settings.lang !== "en") settings.size = 4; // the language's 16 dice
    if (change.size !== undefined && change.rules === undefined && settings.size !== room.settings.size) {
      settings.rules = BOARD_SIZE_RULES[settings.size].rules;
    }
    const { seed, board } = freshBoard(settings.size, await this.todaysDailyBoard(settings), undefined, settings.lang);
    // The daily-board check awaited D1: the room may have changed meanwhile.
    if (this.store.room()?.status === "playing") return this.sendError(ws, ref, "round-running", "a round is already running");
    const startsAt = Date.now() + COUNTDOWN_MS;
    const endsAt = startsAt + settings.seconds * 1000;
    this.store.startRound(settings, seed, boardRows(board), startsAt, endsAt);
    this.solution = null;
    await this.ctx.storage.setAlarm(onRealClock(endsAt));
    this.broadcastState();
  }

  /** Today's daily board in the room's language while its day is open (rooms may not play it), if one is served. */
  private async todaysDailyBoard(settings: RoomSettings): Promise<string[][] | null> {
    if (settings.size !== 4) return null;
    try {
      return boardRows((await getPuzzle(this.env, homeDb(this.env), puzzleKey(todayUtc(), settings.lang))).board);
    } catch {
      return null; // No daily puzzle is served (no secret): nothing to protect.
    }
  }

  private finish(room: RoomRow, now: number): void {
    const bySeat = this.store.wordsBySeat(room.round);
    const players = this.store.seats().map((s) => ({ seatId: s.id, name: s.name, playerId: s.playerId, words: bySeat.get(s.id) ?? [] }));
    const results = scoreRound(players, this.solutionOf(room), rulesOf(room.settings));
    this.store.finishRound(results, now);
    this.broadcastState();
  }

  /** Writes the finished round to D1 (idempotent); on failure the alarm tries again later. */
  private async publish(): Promise<void> {
    const room = this.store.room();
    if (room === null || room.results === null) return;
    try {
      await insertRoomResults(this.env, resultRows(room, room.results));
      this.store.markPublished();
      await this.scheduleCleanupIfIdle(Date.now());
    } catch (error) {
      console.error("room results not written to D1; retrying", error);
      await this.ctx.storage.setAlarm(onRealClock(Date.now() + PUBLISH_RETRY_MS));
    }
  }

  private async scheduleCleanupIfIdle(now: number, closing?: WebSocket): Promise<void> {
    const room = this.store.room();
    if (room === null || room.status === "playing" || !room.published) return;
    if (this.openSockets(closing).length === 0 || (await this.ctx.storage.getAlarm()) === null) {
      await this.ctx.storage.setAlarm(onRealClock(now + EMPTY_ROOM_TTL_MS));
    }
  }

  // ---- helpers

  private sendCounts(): void {
    this.countsTimer = null;
    const room = this.store.room();
    if (room === null) return;
    this.broadcast({ type: "counts", round: room.round, counts: Object.fromEntries(this.store.counts(room.round)) });
  }

  private addSeat(name: string, playerId: string | null, host: boolean, now: number): SeatTicket {
    const seat: Seat = { id: randomHex(6), key: randomHex(16), name, playerId, host, joinedAt: now };
    this.store.addSeat(seat);
    return { seatId: seat.id, seatKey: seat.key };
  }

  /**
   * The seats someone holds: the host's, a connected player's, one joined or last connected less
   * than SEAT_GRACE_MS ago, and one with words in the round being played (its results need it).
   */
  private heldSeats(room: RoomRow, seats: Seat[], now: number): Set<string> {
    const connected = new Set(this.openSockets().map((ws) => (ws.deserializeAttachment() as Attachment | null)?.seatId));
    const seen = this.store.lastSeen();
    const playing = room.status === "playing" ? this.store.counts(room.round) : new Map<string, number>();
    const held = new Set<string>();
    for (const s of seats) {
      const lastSeen = Math.max(s.joinedAt, seen.get(s.id) ?? 0);
      if (s.host || connected.has(s.id) || now - lastSeen < SEAT_GRACE_MS || playing.has(s.id)) held.add(s.id);
    }
    return held;
  }

  private solutionOf(room: RoomRow): SolutionIndex {
    if (this.solution?.round !== room.round) {
      const lang = room.settings.lang;
      const board = boardFromRows(room.board ?? [], LANGUAGES[lang].boardLetters);
      const words: FoundWord[] = solve(board, lexiconOf(lang), rulesOf(room.settings)).words;
      this.solution = { round: room.round, index: indexSolution(board, words), dayWords: dayWordsPayload(`${room.code}/${room.round}`, words) };
    }
    return this.solution.index;
  }

  /** The round's words for the pages to judge with, once the round has a board. */
  private dayWordsOf(room: RoomRow): DayWordsPayload | null {
    if (room.board === null) return null;
    this.solutionOf(room);
    return this.solution!.dayWords;
  }

  private openSockets(closing?: WebSocket): WebSocket[] {
    return this.ctx.getWebSockets().filter((ws) => ws !== closing && ws.readyState === WebSocket.OPEN);
  }

  private seatOf(ws: WebSocket): Seat | null {
    const attachment = ws.deserializeAttachment() as Attachment | null;
    return attachment ? this.store.seatById(attachment.seatId) : null;
  }

  private playerViews(closing?: WebSocket): RoomPlayerView[] {
    const room = this.store.room();
    const counts = room ? this.store.counts(room.round) : new Map<string, number>();
    const connected = new Set(this.openSockets(closing).map((ws) => (ws.deserializeAttachment() as Attachment | null)?.seatId));
    return this.store.seats().map((s) => ({ id: s.id, name: s.name, host: s.host, connected: connected.has(s.id), count: counts.get(s.id) ?? 0 }));
  }

  private view(room: RoomRow): RoomView {
    return {
      code: room.code,
      status: room.status,
      round: room.round,
      settings: room.settings,
      board: room.board,
      startsAt: room.startsAt,
      endsAt: room.endsAt,
      players: this.playerViews(),
    };
  }

  private sendState(ws: WebSocket, room: RoomRow, seat: Seat, view = this.view(room)): void {
    this.send(ws, {
      type: "state",
      now: Date.now(),
      room: view,
      you: { id: seat.id, name: seat.name, host: seat.host },
      words: this.store.words(room.round, seat.id),
      results: room.status === "finished" ? (room.results as RoundResults) : null,
      dayWords: this.dayWordsOf(room),
    });
  }

  private broadcastState(): void {
    const room = this.store.room();
    if (room === null) return;
    const view = this.view(room);
    for (const ws of this.openSockets()) {
      const seat = this.seatOf(ws);
      if (seat) this.sendState(ws, room, seat, view);
    }
  }

  private broadcast(message: ServerMessage, except?: WebSocket): void {
    const text = JSON.stringify(message);
    for (const ws of this.openSockets(except)) {
      try {
        ws.send(text);
      } catch {
        // A socket closing right now: it gets the full state when it reconnects.
      }
    }
  }

  private send(ws: WebSocket, message: ServerMessage): void {
    try {
      ws.send(JSON.stringify(message));
    } catch {
      // Closed meanwhile.
    }
  }

  private sendError(ws: WebSocket, ref: number | null, code: RoomErrorCode, message: string): void {
    this.send(ws, { type: "error", ref, code, message });
  }
}

/** Names are unique in a room by how they read: case, Unicode form and look-alike letters aside ("Ann", "ANN" and Cyrillic "Аnn" are one name). */
function nameKey(name: string): string {
  return nameSkeleton(name);
}

/** The D1 rows of a finished round: one per seat. */
export function resultRows(room: RoomRow, results: RoundResults): RoomResultRow[] {
  const finishedAt = room.endsAt ?? Date.now();
  return results.players.map((p) => ({
    roundKey: `${room.code}/${room.createdAt}/${room.round}`,
    seatId: p.seatId,
    roomCode: room.code,
    round: room.round,
    playerId: p.playerId,
    name: p.name,
    score: p.score,
    words: p.words.length,
    struck: p.words.filter((w) => w.struck).length,
    rank: p.rank,
    players: results.players.length,
    size: room.settings.size,
    rules: room.settings.rules,
    finishedAt,
  }));
}
