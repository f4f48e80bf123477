// Every API error answers `{"error": {"code", "message"}}` with a fitting status.
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";

export type ErrorCode =
  | "invalid-request"
  | "invalid-json"
  | "invalid-name"
  | "payload-too-large"
  | "unsupported-media-type"
  | "unauthorized"
  | "forbidden"
  | "not-found"
  | "conflict"
  | "league-full"
  | "too-many-leagues"
  | "removed"
  | "room-full"
  | "name-taken"
  | "passkey-required"
  | "already-reported"
  | "already-reviewed"
  | "rate-limited"
  | "passkey-required"
  | "unavailable"
  | "internal";

export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: ErrorCode;

  constructor(status: ContentfulStatusCode, code: ErrorCode, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** A route behind requirePlayer reached without a player (the one wording of this 401). */
export function tokenRequired(): ApiError {
  return new ApiError(401, "unauthorized", "this needs a player token: Authorization: Bearer <token>");
}

export function errorBody(code: ErrorCode, message: string): { error: { code: ErrorCode; message: string } } {
  return { error: { code, message } };
}

/** Hono's exceptions (malformed JSON, ...) keep their status; anything unexpected is a 500. */
export function handleError(err: Error, c: Context): Response {
  if (err instanceof ApiError) return c.json(errorBody(err.code, err.message), err.status);
  if (err instanceof HTTPException) {
    if (err.status === 400) return c.json(errorBody("invalid-json", err.message || "the request body is not valid JSON"), 400);
    if (err.status === 413) return c.json(errorBody("payload-too-large", "the request body is too large"), 413);
    return c.json(errorBody("invalid-request", err.message || "bad request"), err.status);
  }
  console.error("unhandled error", err);
  return c.json(errorBody("internal", "something went wrong; nothing was changed"), 500);
}
