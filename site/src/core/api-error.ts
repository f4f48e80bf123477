// Why a request to the API failed, as the site sees it (api.ts throws it; callers test `transient`).
import type { ErrorCode } from "#worker/http/errors.ts";

/**
 * Why a request failed: the Worker's own error codes (worker/http/errors.ts, imported as a type
 * only), "network" when the request never arrived, "http" when the answer said no more.
 */
export type ApiErrorCode = ErrorCode | "network" | "http";

/** A failed request, as the site sees it: the status (0 when the network failed), the code and the server's message. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  constructor(status: number, code: ApiErrorCode, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
  /** Worth retrying later: the request never arrived, or the server was busy or failing. */
  get transient(): boolean {
    return this.status === 0 || this.status === 429 || this.status >= 500;
  }
}
