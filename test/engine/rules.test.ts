import { describe, expect, it } from "vitest";
import { BATCH_RULES, EngineError, PRESET_NAMES, RULES, customRules, getRules } from "../../shared/engine/index.ts";

describe("rule presets", () => {
  it("classic scores 3-4: 1, 5: 2, 6: 3, 7: 5, 8+: 11 from 3 letters", () => {
    const r = RULES.classic;
    expect([2, 3, 4, 5, 6, 7, 8, 9, 16].map((n) => r.points(n))).toEqual([0, 1, 1, 2, 3, 5, 11, 11, 11]);
    expect(r.minLength).toBe(3);
    expect(r.quFace).toBe(true);
  });

  it("big needs 4 letters", () => {
    expect([3, 4, 5, 6, 7, 8, 12].map((n) => RULES.big.points(n))).toEqual([0, 1, 2, 3, 5, 11, 11]);
  });

  it("cs106 scores length minus 3", () => {
    expect([3, 4, 5, 6, 10].map((n) => RULES.cs106.points(n))).toEqual([0, 1, 2, 3, 7]);
  });

  it("open counts from one letter and has no Qu face", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map((n) => RULES.open.points(n))).toEqual([1, 2, 4, 6, 9, 12, 16, 20, 20]);
    expect(RULES.open.quFace).toBe(false);
  });

  it("the batch files' rules count words of 3 to 16 letters, q a plain letter, and are not a preset", () => {
    expect([2, 3, 16, 17].map((n) => BATCH_RULES.points(n) > 0)).toEqual([false, true, true, false]);
    expect([BATCH_RULES.minLength, BATCH_RULES.maxLength, BATCH_RULES.quFace]).toEqual([3, 16, false]);
    expect(PRESET_NAMES).not.toContain(BATCH_RULES.name);
  });

  it("custom rules honour their minimum, maximum and table", () => {
    const r = customRules({ minLength: 2, maxLength: 5, points: [0, 0, 7, 8] });
    expect([1, 2, 3, 4, 5, 6].map((n) => r.points(n))).toEqual([0, 7, 8, 8, 8, 0]);
    expect(() => customRules({ minLength: 0, points: [1] })).toThrow(EngineError);
    expect(() => customRules({ minLength: 4, maxLength: 3, points: [1] })).toThrow(/maximum length/);
  });

  it("looks presets up by name and names the choices on a typo", () => {
    expect(getRules("cs106")).toBe(RULES.cs106);
    expect(() => getRules("clasic")).toThrow(/unknown rules "clasic".*classic, big, cs106, open/);
  });
});
