// The display spellings of a language's words ("cle" is written "clé": shared/engine/spellings.ts), for
// the accents the day's words carry (shared/engine/day-words.ts), so a daily page shows found words as
// they are spelled without the language's spellings file. Read once per isolate from the static
// assets, where the site's build leaves lexicon/<lang>.spellings.txt.gz under a name the Worker
// knows (site/tumbleword-assets.mjs); without it the words go without accents and the page falls
// back on the file.
import { LANGUAGES, type LanguageCode, type Spellings, decodeSpellings } from "#engine";
import { isolateCache } from "../isolate-memory.ts";

const loaded = isolateCache<LanguageCode, Promise<Spellings | undefined>>();

async function load(assets: Fetcher, lang: LanguageCode): Promise<Spellings | undefined> {
  const res = await assets.fetch(new Request(`https://assets.invalid/lexicon/${lang}.spellings.txt.gz`));
  if (!res.ok || res.body === null) return undefined;
  const text = await new Response(res.body.pipeThrough(new DecompressionStream("gzip"))).text();
  const { fold } = LANGUAGES[lang];
  const map = decodeSpellings(text, fold);
  return { spelled: (word) => map.get(word), fold };
}

/** The language's spellings, undefined for English (nothing is folded) or when the file is missing. */
export function spellingsOf(assets: Fetcher, lang: LanguageCode): Promise<Spellings | undefined> {
  if (lang === "en") return Promise.resolve(undefined);
  let spellings = loaded.get(lang);
  if (spellings === undefined) {
    spellings = load(assets, lang).catch(() => undefined);
    loaded.set(lang, spellings);
  }
  return spellings;
}
