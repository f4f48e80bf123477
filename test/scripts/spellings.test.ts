// The display spellings (scripts/languages/spellings.ts, shared/engine/spellings.ts): which spelling a
// folded word shows, the file's front coding both ways, and the built French, Spanish and German
// lists holding the words players find (clé, canción, schön) and nothing that folds
// to itself.
import { existsSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { LANGUAGES, decodeSpellings, encodeSpellings } from "#engine";
import { chooseSpelling, displaySpellings, frequencyRanks } from "#scripts/languages/spellings.ts";

const fr = LANGUAGES.fr;

describe("displaySpellings", () => {
  const forms = ["clé", "cle", "côte", "coté", "côté", "cote", "élève", "eleve", "mer", "abbé", "réservé", "réserve"];
  const words = new Set(["cle", "cote", "eleve", "mer", "abbe", "reserve", "reserve"]);

  it("maps a folded word to its spelling: the most frequent, else the only one, else none", () => {
    const ranks = frequencyRanks(["de", "côté", "clé", "réservé"]);
    const map = displaySpellings(forms, (w) => fr.normalize(w), words, ranks);
    // "cle" is a spelling of its own too, but clé is in the frequency list: clé.
    expect(map.get("cle")).toBe("clé");
    expect(map.get("cote")).toBe("côté");
    expect(map.get("reserve")).toBe("réservé");
    // Only one spelling, though rare.
    expect(map.get("abbe")).toBe("abbé");
    // Two spellings (élève and eleve), neither frequent: the folded form stays, so no entry.
    expect(map.has("eleve")).toBe(false);
    // Nothing for a word spelled as it folds.
    expect(map.has("mer")).toBe(false);
    // Nothing for a form whose folded word the lexicon lacks.
    expect(displaySpellings(["été"], (w) => fr.normalize(w), words, ranks).size).toBe(0);
  });

  it("prefers a dictionary headword to a form the affix rules made, then frequency among headwords", () => {
    const words = new Set(["fenetre", "eleve", "cote"]);
    const forms = ["fenêtre", "fenêtré", "élève", "élevé", "cote", "côte", "côté", "coté"];
    const headwords = new Set(["fenêtre", "fenêtrer", "élève", "élever", "cote", "côte", "côté", "coter"]);
    // The French frequency list ranks élevé (it has no è): the headword wins all the same.
    const map = displaySpellings(forms, (w) => fr.normalize(w), words, frequencyRanks(["élevé"]), headwords);
    expect(Object.fromEntries(map)).toEqual({ fenetre: "fenêtre", eleve: "élève" });
    // Three headwords for "cote", none frequent: the folded form stays.
    expect(map.has("cote")).toBe(false);
  });

  it("chooses by frequency rank, earlier wins", () => {
    const ranks = frequencyRanks(["côte", "coté"]);
    expect(chooseSpelling(["coté", "côte", "côté"], ranks)).toBe("côte");
    expect(chooseSpelling(["coté", "côté"], frequencyRanks([]))).toBeNull();
    expect(chooseSpelling(["abbé"], frequencyRanks([]))).toBe("abbé");
  });
});

describe("the spellings file", () => {
  it("front-codes the spellings in folded order and reads them back", () => {
    const map = new Map([
      ["clement", "clément"],
      ["cle", "clé"],
      ["eleve", "élève"],
      ["schoen", "schön"],
    ]);
    const text = encodeSpellings(map);
    expect(text).toBe("0clé\n3ment\n0élève\n0schön\n");
    expect(decodeSpellings(text, fr.fold)).toEqual(new Map([...map].filter(([k]) => k !== "schoen")).set("schon", "schön"));
    expect(decodeSpellings(text, LANGUAGES.de.fold).get("schoen")).toBe("schön");
    // A damaged line is skipped, not guessed.
    expect(decodeSpellings("0clé\nzxyz\n", fr.fold)).toEqual(new Map([["cle", "clé"]]));
  });

  it("built beside each lexicon: the words players find, small enough to send", () => {
    for (const [lang, expected] of [
      ["fr", { cle: "clé", etre: "être", deja: "déjà", garcon: "garçon", fenetre: "fenêtre", eleve: "élève" }],
      ["es", { cancion: "canción", arbol: "árbol" }],
      ["de", { schoen: "schön", strasse: "straße", fuer: "für" }],
    ] as const) {
      const file = `dist/lexicon/${lang}.spellings.txt`;
      expect(existsSync(file), `${file} (npm run build:lexicon)`).toBe(true);
      const bytes = readFileSync(file);
      const map = decodeSpellings(bytes.toString("utf8"), LANGUAGES[lang].fold);
      for (const [folded, spelling] of Object.entries(expected)) expect(map.get(folded), `${lang} ${folded}`).toBe(spelling);
      for (const [folded, spelling] of map) expect(LANGUAGES[lang].fold(spelling)).toBe(folded);
      for (const [folded, spelling] of map) if (folded === spelling) throw new Error(`${lang}: ${folded} is listed though spelled as it folds`);
      // docs/spellings.md has the sizes; the French list is the largest, about 127 KB gzipped.
      expect(gzipSync(bytes, { level: 9 }).length, `${lang} gzipped`).toBeLessThan(160_000);
    }
  });
});
