// Every API error answers `{"error": {"code", "message"}}` with a fitting status.
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { DomainError, type ErrorCode } from "../domain-error.ts";

export type { ErrorCode };

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

/** The status each code of a domain error is answered with. */
const STATUS: Record<ErrorCode, ContentfulStatusCode> = {
  "invalid-request": 400,
  "invalid-json": 400,
  "invalid-name": 400,
  "payload-too-large": 413,
  "unsupported-media-type": 415,
  unauthorized: 401,
  forbidden: 403,
  "not-found": 404,
  conflict: 409,
  "league-full": 409,
  "too-many-leagues": 409,
  removed: 403,
  "room-full": 409,
  "name-taken": 409,
  "passkey-required": 403,
  "already-reported": 409,
  "already-reviewed": 409,
  "rate-limited": 429,
  unavailable: 503,
  internal: 500,
};

/** Hono's exceptions (malformed JSON, ...) keep their status; anything unexpected is a 500. */
export function handleError(err: Error, c: Context): Response {
  if (err instanceof ApiError) return c.json(errorBody(err.code, err.message), err.status);
  if (err instanceof DomainError) return c.json(errorBody(err.code, err.message), STATUS[err.code]);
  if (err instanceof HTTPException) {
    if (err.status === 400) return c.json(errorBody("invalid-json", err.message || "the request body is not valid JSON"), 400);
    if (err.status === 413) return c.json(errorBody("payload-too-large", "the request body is too large"), 413);
    return c.json(errorBody("invalid-request", err.message || "bad request"), err.status);
  }
  console.error("unhandled error", err);
  return c.json(errorBody("internal", "something went wrong; nothing was changed"), 500);
}
