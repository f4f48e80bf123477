import { describe, expect, it } from "vitest";
import { DICE, Lfsr16, createRng, parseDiceFile, shake } from "../../shared/engine/index.ts";

describe("dice sets", () => {
  it("have the SPEC's sizes, six faces a die", () => {
    expect(DICE.classic).toHaveLength(16);
    expect(DICE.new).toHaveLength(16);
    expect(DICE.big).toHaveLength(25);
    expect(DICE.superbig).toHaveLength(36);
    for (const set of Object.values(DICE)) for (const die of set) expect(die).toHaveLength(6);
  });

  it("write Q as the Qu face, and superbig has multi-letter faces and blanks", () => {
    expect(DICE.new.find((d) => d.includes("qu"))).toEqual(["h", "i", "m", "n", "qu", "u"]);
    const faces = DICE.superbig.flat();
    for (const f of ["an", "er", "he", "in", "qu", "th"]) expect(faces).toContain(f);
    expect(faces.filter((f) => f === "")).toHaveLength(3);
  });
});

describe("dice files", () => {
  it("reads one die per line with bracketed faces", () => {
    const dice = parseDiceFile("EDAIJW\n[Qu]ABCDE\n# a comment\n\nAAAAAA\nBBBBBB\n");
    expect(dice).toHaveLength(4);
    expect(dice[1]).toEqual(["qu", "a", "b", "c", "d", "e"]);
  });

  it("names the line of a die of the wrong shape", () => {
    expect(() => parseDiceFile("EDAIJW\nABCDE\nAAAAAA\nBBBBBB")).toThrow(/line 2: a die has 6 faces, found 5/);
    expect(() => parseDiceFile("EDAIJW\nAB1DEF")).toThrow(/line 2/);
    expect(() => parseDiceFile("AAAAAA\nBBBBBB\nCCCCCC")).toThrow(/3 dice; a square tray/);
    expect(() => parseDiceFile("\n\n")).toThrow(/no dice/);
  });
});

describe("shaking", () => {
  it("permutes the dice with Fisher-Yates, then rolls each position in order", () => {
    // Re-derive the board by hand with a second generator of the same seed.
    const board = shake(DICE.classic, new Lfsr16(7));
    const g = new Lfsr16(7);
    const order = [...DICE.classic];
    for (let i = order.length - 1; i >= 1; i--) {
      const j = g.random(i + 1);
      [order[i], order[j]] = [order[j], order[i]];
    }
    expect(board.faces).toEqual(order.map((die) => die[g.random(6)]));
  });

  it("is reproducible and uses every die once", () => {
    const a = shake(DICE.big, createRng(99));
    expect(shake(DICE.big, createRng(99))).toEqual(a);
    expect(a.rows).toBe(5);
    // Each face must come from a distinct die: a perfect matching of tiles to dice must exist.
    const dieOf = new Array<number>(DICE.big.length).fill(-1);
    const assign = (tile: number, seen: Set<number>): boolean =>
      DICE.big.some((die, d) => {
        if (seen.has(d) || !die.includes(a.faces[tile])) return false;
        seen.add(d);
        if (dieOf[d] < 0 || assign(dieOf[d], seen)) {
          dieOf[d] = tile;
          return true;
        }
        return false;
      });
    for (let tile = 0; tile < a.faces.length; tile++) expect(assign(tile, new Set())).toBe(true);
  });
});
