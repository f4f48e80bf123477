// The privacy page (site/src/i18n/stored-data.ts, components/PrivacyPage.astro) says what the Worker
// does: every table that names a player (worker/players/player-data.ts) is listed with the fate
// the account deletion gives it.
import { describe, expect, it } from "vitest";
import { STORED } from "#site/i18n/stored-data.ts";
import { STORED_PLACES } from "#site/i18n/stored-places.ts";
import { PLAYER_TABLES, keyOf } from "#worker/players/player-data.ts";

describe("the privacy page", () => {
  it("lists every table the export reads and the deletion touches, with what deletion does", () => {
    const listed = new Map(STORED.map(([where, , onDeletion]) => [where, onDeletion]));
    for (const t of PLAYER_TABLES) {
      const key = keyOf(t);
      expect(listed.has(key), key).toBe(true);
      if (t.onDelete === "delete") expect(listed.get(key), key).toBe("deleted");
      else expect(listed.get(key), key).not.toBe("deleted");
    }
    // And the archive, which is never rewritten.
    expect([...listed.keys()].some((where) => where.startsWith("R2 days/"))).toBe(true);
  });

});

describe("the privacy page in every language", () => {
  it("says what each place holds and what deletion does, row for row, in the language's words", () => {
    for (const [lang, places] of Object.entries(STORED_PLACES)) {
      expect(places.rows.length, lang).toBe(STORED.length);
      if (lang === "en") continue;
      places.rows.forEach(([what, onDeletion], i) => {
        expect(what, `${lang} ${STORED[i][0]}`).not.toBe(STORED[i][1]);
        expect(onDeletion, `${lang} ${STORED[i][0]}`).not.toBe(STORED[i][2]);
      });
      // The same fate reads the same: every row the code deletes says the language's one word for it.
      expect(new Set(places.rows.filter((_, i) => STORED[i][2] === "deleted").map(([, fate]) => fate)).size, lang).toBe(1);
    }
  });
});
