// The privacy page (site/src/i18n/stored-data.ts, components/PrivacyPage.astro) says what the Worker
// does: every table that names a player (worker/players/player-data.ts) is listed with the fate
// the account deletion gives it.
import { describe, expect, it } from "vitest";
import { STORED } from "#site/i18n/stored-data.ts";
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
