// Why something failed, in the page's language: an API error's code says it in the catalogue's
// words (apiErrors) on a French, Spanish or German page; an English page keeps the server's own
// message, which can say more ("names like "Player 1A2B" are kept for players without a name").
import { ApiError } from "./api-error.ts";
import { type Messages, messages, pageLanguage } from "../i18n/messages.ts";

export function errorReason(error: unknown, t: Messages = messages(), lang: string = pageLanguage()): string {
  if (error instanceof ApiError && lang !== "en") return t.apiErrors[error.code];
  return error instanceof Error ? error.message : String(error);
}
