// The error codes the API answers with, and the error domain code throws: a feature's service says
// what went wrong (a code and a message for people), never how HTTP says it. The HTTP layer
// (http/errors.ts) gives each code its status.
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
  | "unavailable"
  | "internal";

export class DomainError extends Error {
  readonly code: ErrorCode;

  constructor(code: ErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}
