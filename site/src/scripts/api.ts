// A typed client for the Worker's HTTP API (issue 3), with the player's bearer token kept in
// localStorage. Inside the embed iframe that storage is partitioned per top-level site, which is
// fine: the token, not a cookie, is the identity, so third-party cookies are never needed.
import type { Face, Path } from "../../../shared/index.ts";

import { type Identity, identity, noteTokenAnswer, saveIdentity } from "./identity.ts";
import type { RejectReason } from "./verdicts.ts";

export type { RejectReason };

export interface Totals {
  words: number;
  points: number;
  commonWords: number;
  commonPoints: number;
}

export interface Puzzle {
  date: string;
  number: number;
  board: Face[][];
  rules: string;
  totals: Totals;
  opensAt: string;
  closesAt: string;
}

export interface Round {
  roundId: string;
  date: string;
  ranked: boolean;
  startedAt: string;
  /** Null for an unranked (untimed) round of a past puzzle. */
  endsAt: string | null;
  /** Signed by the server: words and syncs of this round carry it (no token needed). */
  ticket: string;
  /** What the server has stored so far (synced words reach it within seconds). */
  score: number;
  found: number;
  /** The words the server has stored for this round, alphabetical. */
  words: string[];
}

export interface WordAnswer {
  accepted: boolean;
  reason?: RejectReason;
  word: string;
  points: number;
  /** For an accepted word: the server's signed proof, kept until it is synced. */
  receipt?: string;
}

export interface SyncAnswer {
  queued: number;
  refused: { receipt: string; reason: string }[];
}

export interface LeaderboardEntry {
  /** Null in the under-review list: those rounds are never ranked. */
  rank: number | null;
  roundId: string;
  /** Null for a player who never chose a name. */
  name: string | null;
  score: number;
  words: number;
}

export interface Leaderboard {
  entries: LeaderboardEntry[];
  total: number;
  /** The cursor of the next page; null on the last one. */
  next: string | null;
  /** When the server built this answer (it may come from a cache for a few seconds). */
  updatedAt: string;
}

export interface Standing {
  total: number;
  /**
   * percentile: the share of ranked players (in %) the caller ties or beats; `you` is null without
   * a ranked round. A round under fair-play review has no rank: `verified: false` and the reason.
   */
  you:
    | { roundId: string; rank: number; score: number; words: number; percentile: number; verified: true }
    | { roundId: string; rank: null; score: number; words: number; percentile: null; verified: false; flags: string[]; reason: string }
    | null;
}

export interface SolutionWord {
  word: string;
  path: Path;
  points: number;
  common: boolean;
  /** Share of the puzzle's ranked players who found the word, 0..1. */
  foundBy: number;
}

export interface Solution {
  /** Ranked players of the puzzle so far. */
  players: number;
  words: SolutionWord[];
}

export interface StatsDay {
  date: string;
  ranked: boolean;
  score: number;
  words: number;
}

export interface Stats {
  /** Ranked rounds played. */
  played: number;
  streak: number;
  bestScore: number;
  /** Every round, ranked or not, newest first. */
  history: StatsDay[];
}

/** An answer from the API that was not a 2xx: `status` 0 means the network failed. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
  /** Worth retrying later: the request never arrived, or the server was busy or failing. */
  get transient(): boolean {
    return this.status === 0 || this.status === 429 || this.status >= 500;
  }
}

export { identity };

async function request<T>(method: string, path: string, body?: unknown, auth = true): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (body !== undefined) headers["content-type"] = "application/json";
  const token = auth ? identity()?.token : undefined;
  if (token) headers.authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new ApiError(0, "network", "The network is unreachable; trying again shortly.");
  }
  noteTokenAnswer(res, token);
  const data = (await res.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
  if (!res.ok) {
    const error = data?.error;
    throw new ApiError(res.status, error?.code ?? "http", error?.message ?? `The server answered ${res.status}.`);
  }
  return data as T;
}

/** The player's identity, created on first need (a name is optional and never blocks play). */
export async function ensurePlayer(): Promise<Identity> {
  const existing = identity();
  if (existing) return existing;
  const created = await request<Identity>("POST", "/api/players", {}, false);
  saveIdentity(created);
  return created;
}

export function receiptsPath(roundId: string): string {
  return `/api/rounds/${encodeURIComponent(roundId)}/receipts`;
}

export const api = {
  puzzle: (date: string) => request<Puzzle>("GET", `/api/puzzles/${encodeURIComponent(date)}`, undefined, false),
  /** Past puzzles newest first; `next` is the `before` for the following page (null at the end). */
  archive: (before: string | null, limit: number) =>
    request<{ puzzles: Puzzle[]; next: string | null }>(
      "GET",
      `/api/puzzles?limit=${limit}${before ? `&before=${encodeURIComponent(before)}` : ""}`,
      undefined,
      false,
    ),
  startRound: async (date: string) => {
    await ensurePlayer();
    return request<Round>("POST", `/api/puzzles/${encodeURIComponent(date)}/rounds`, {});
  },
  submitWord: (roundId: string, ticket: string, word: string, path: Path | null) =>
    request<WordAnswer>("POST", `/api/rounds/${encodeURIComponent(roundId)}/words`, path ? { ticket, word, path } : { ticket, word }, false),
  syncReceipts: (roundId: string, ticket: string, receipts: string[]) =>
    request<SyncAnswer>("POST", receiptsPath(roundId), { ticket, receipts }, false),
  /** The same for everyone (cached): sent without the token. */
  leaderboard: (date: string, limit: number, cursor: string | null) =>
    request<Leaderboard>(
      "GET",
      `/api/puzzles/${encodeURIComponent(date)}/leaderboard?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      undefined,
      false,
    ),
  /** The day's rounds under fair-play review, listed apart (unranked); same for everyone. */
  underReview: (date: string, limit: number) =>
    request<Leaderboard>("GET", `/api/puzzles/${encodeURIComponent(date)}/leaderboard?limit=${limit}&review=1`, undefined, false),
  standing: (date: string) => request<Standing>("GET", `/api/puzzles/${encodeURIComponent(date)}/leaderboard/me`),
  solution: (date: string) => request<Solution>("GET", `/api/puzzles/${encodeURIComponent(date)}/solution`),
  stats: () => request<Stats>("GET", "/api/players/me/stats"),
  rename: async (name: string) => {
    await ensurePlayer();
    return request<{ name: string }>("PATCH", "/api/players/me", { name });
  },
};

/** "Continue as ...": one-time codes that carry this player into another browser or an embed. */
export const links = {
  mint: () => request<{ code: string; expiresAt: string }>("POST", "/api/links", {}),
  redeem: (code: string) => request<Identity & { name: string | null }>("POST", "/api/links/redeem", { code }, false),
};
