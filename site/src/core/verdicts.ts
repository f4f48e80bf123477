// The words a player sees for each of the engine's and the server's rejection reasons, in the
// interface's language (the page's unless given: practice and rooms are English pages).
import type { Reason, Rules } from "#engine";
import type { Messages } from "../i18n/catalogue.ts";
import { messages } from "../i18n/messages.ts";

export type RejectReason = Reason | "late";

export function reasonText(reason: RejectReason, word: string, rules: Rules, t: Messages = messages()): string {
  const shown = word.toUpperCase();
  return reason === "too-short" ? t.verdict["too-short"](shown, rules.minLength) : t.verdict[reason](shown);
}
