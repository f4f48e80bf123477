// Display names: invisible and blank-looking characters, stacked marks, imitations of the
// default "Player XXXX" names, and profanity spaced out or spelled with digits are refused,
// and a refused name never blocks play.
import { describe, expect, it } from "vitest";
import { MAX_MARKS_PER_CHARACTER, checkName, defaultName, looksLikeDefaultName } from "#worker/players/names.ts";
import { call, callJson, expectError, newPlayer, playerShard } from "./helpers.ts";

const refused = (name: string) => {
  const check = checkName(name);
  return check.ok ? `accepted as ${JSON.stringify(check.name)}` : "refused";
};

describe("invisible and blank-looking characters", () => {
  it("refuses the blank look-alikes: Hangul fillers, the braille blank", () => {
    for (const blank of ["\u3164", "\uFFA0", "\u115F", "\u1160", "\u2800"]) {
      expect(refused(blank), blank.codePointAt(0)!.toString(16)).toBe("refused");
      expect(refused(`Ada${blank}`), blank.codePointAt(0)!.toString(16)).toBe("refused");
      expect(refused(blank.repeat(5)), blank.codePointAt(0)!.toString(16)).toBe("refused");
    }
  });

  it("refuses every default-ignorable character, which hides inside a name", () => {
    expect(refused("chea\u034Fter")).toBe("refused"); // combining grapheme joiner: looks like "cheater"
    for (const hidden of ["\uFE0F", "\uFE00", "\u{E0101}", "\u200B", "\u200C", "\u200D", "\u2060", "\u00AD", "\u180E", "\u17B4", "\u{E0041}", "\u2066", "\u202E", "\u061C", "\uFEFF"]) {
      expect(refused(`ab${hidden}cd`), hidden.codePointAt(0)!.toString(16)).toBe("refused");
    }
  });

  it("refuses names with nothing to see", () => {
    for (const name of ["...", "- -", "' '"]) expect(refused(name), name).toBe("refused");
    expect(checkName("Ada!")).toEqual({ ok: true, name: "Ada!" });
    expect(checkName("😀")).toEqual({ ok: true, name: "😀" });
  });
});

describe("combining marks", () => {
  it(`allows at most ${MAX_MARKS_PER_CHARACTER} on one character`, () => {
    expect(refused(`a${"\u0301".repeat(19)}`)).toBe("refused");
    expect(refused(`x${"\u0301\u0302\u0303\u0304"}`)).toBe("refused");
    expect(refused("\u0301abc")).toBe("refused");
    expect(checkName("x\u0301\u0302\u0303").ok).toBe(true);
    // Real names keep working: precomposed accents, pointed Hebrew, Thai tone marks, Devanagari.
    for (const name of ["Zoë", "Nguyễn Thị", "José María", "שָׁלוֹם", "สมชาย ดีใจ", "कृष्णा", "Łukasz"]) {
      expect(checkName(name).ok, name).toBe(true);
    }
  });
});

describe("imitations of default names", () => {
  it("refuses Player XXXX in any case, spacing or look-alike letters", () => {
    const id = crypto.randomUUID();
    for (const name of [defaultName(id), "Player 1A2B", "player 0a1f", "PLAYER   0A1F", "Player_9F3C", "Player-00FF", "P1ayer ABCD", "PIayer 1234", "Pl4yer 1234", "Ｐｌａｙｅｒ　１２３４", "Рlayer ABCD", "Player"]) {
      expect(looksLikeDefaultName(name), name).toBe(true);
      expect(refused(name), name).toBe("refused");
    }
    for (const name of ["Players United", "Playful Otter", "Player of the Year", "Layer Cake"]) expect(checkName(name).ok, name).toBe(true);
  });
});

describe("profanity", () => {
  it("is refused spaced out, punctuated or spelled with digits", () => {
    for (const name of ["f u c k", "F U C K", "f.u.c.k", "f_u_c_k", "s-h-i-t", "fu ck", "Ｆ Ｕ Ｃ Ｋ", "h1tler", "hitler", "H I T L E R", "H1TL3R", "n4zi", "fuck", "sh1t", "b1tch"]) {
      expect(refused(name), name).toBe("refused");
    }
  });

  it("is not found across two ordinary words or inside innocent ones", () => {
    for (const name of ["Scunthorpe", "Classic", "Assessor", "Cockburn", "Jess Exton", "Feeling Gaining", "Letting Game", "Nazia", "Nazir Khan", "Sussex Hitch"]) {
      expect(checkName(name).ok, name).toBe(true);
    }
  });
});

describe("through the API", () => {
  const examples = ["\u3164", "\uFFA0", "\u115F", "\u2800", "chea\u034Fter", "a\uFE0F", `a${"\u0301".repeat(19)}`, "Player 1A2B", "f u c k", "h1tler"];

  it("a refused name never blocks play: the player is created without it and told why", async () => {
    for (const name of examples) {
      const body = await callJson("/api/players", { json: { name } }, 201);
      expect(body.name, JSON.stringify(name)).toBeNull();
      expect(body.nameError, JSON.stringify(name)).toEqual(expect.any(String));
      expect((await call("/api/players/me/stats", { token: body.token })).status).toBe(200);
      const row = await playerShard(body.playerId).prepare("select name from players where id = ?").bind(body.playerId).first<{ name: string | null }>();
      expect(row?.name).toBeNull();
    }
  });

  it("a rename to any of them is 400 and keeps the old name", async () => {
    const player = await newPlayer("Keeper");
    for (const name of examples.slice(0, 9)) {
      await expectError(await call("/api/players/me", { method: "PATCH", json: { name }, token: player.token }), 400, "invalid-name");
    }
    const row = await playerShard(player.playerId).prepare("select name from players where id = ?").bind(player.playerId).first<{ name: string }>();
    expect(row?.name).toBe("Keeper");
  });
});
