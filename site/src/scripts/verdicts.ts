// The words a player sees for each of the engine's and the server's rejection reasons.
import type { Reason, Rules } from "../../../shared/index.ts";

export type RejectReason = Reason | "late";

export function reasonText(reason: RejectReason, word: string, rules: Rules): string {
  const shown = word.toUpperCase();
  switch (reason) {
    case "too-short":
      return `Too short: ${shown} (words need at least ${rules.minLength} letters)`;
    case "not-a-word":
      return `Not a word: ${shown} is not in the word list`;
    case "not-on-board":
      return `Not on the board: ${shown} can't be traced here`;
    case "duplicate":
      return `Already found: ${shown}`;
    case "late":
      return `Too late for the ranked round: ${shown} counts as free play`;
  }
}
