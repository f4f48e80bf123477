// The engine's data, loaded once per isolate: the default lexicon (a Data module, used in place
// without parsing) and the blocklist no daily board may spell.
import { Lexicon } from "../../shared/index.ts";
import { parseBlocklist } from "../../shared/daily.ts";
import lexiconBytes from "../../dist/lexicon/english.bin";
import blocklistText from "../../shared/lexicon/blocklist.txt";

let lexicon: Lexicon | undefined;

export function defaultLexicon(): Lexicon {
  return (lexicon ??= Lexicon.fromBytes(lexiconBytes));
}

export const BLOCKLIST: readonly string[] = parseBlocklist(blocklistText);
