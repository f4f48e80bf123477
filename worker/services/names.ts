// Display names: Unicode-normalised (NFKC), trimmed, inner whitespace collapsed, at most
// MAX_NAME_LENGTH characters, no control, format (bidi, zero-width), separator or private-use
// characters, and no profanity (obscenity's maintained English dataset, which also catches
// look-alike letters and leetspeak). A rejected name never blocks play: the player just stays
// nameless (shown as a default name derived from the id).
import { RegExpMatcher, englishDataset, englishRecommendedTransformers } from "obscenity";

export const MAX_NAME_LENGTH = 20;

let matcher: RegExpMatcher | undefined;
function profanity(): RegExpMatcher {
  return (matcher ??= new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers }));
}

// \p{C}: controls, format characters (bidi marks and isolates, zero-width spaces and joiners,
// BOM), surrogates, private use, unassigned. \p{Zl}\p{Zp}: line and paragraph separators.
const FORBIDDEN = /[\p{C}\p{Zl}\p{Zp}]/u;

export type NameCheck = { ok: true; name: string } | { ok: false; message: string };

export function checkName(raw: string): NameCheck {
  const normalized = raw.normalize("NFKC");
  if (FORBIDDEN.test(normalized)) return { ok: false, message: "names cannot contain control, bidi or zero-width characters" };
  const name = normalized.replace(/\s+/g, " ").trim();
  if (name.length === 0) return { ok: false, message: "the name is empty" };
  if ([...name].length > MAX_NAME_LENGTH) return { ok: false, message: `names are at most ${MAX_NAME_LENGTH} characters` };
  if (profanity().hasMatch(name)) return { ok: false, message: "please choose another name" };
  return { ok: true, name };
}

/** What the leaderboard shows for a player without a name. */
export function defaultName(playerId: string): string {
  return `Player ${playerId.slice(0, 4).toUpperCase()}`;
}
