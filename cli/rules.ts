// Rule choices a command line can make on top of a preset.
import { customRules, type Rules } from "#engine";

/**
 * The preset with another minimum word length (`--min N`). Points keep the preset's table; a word
 * shorter than the preset's own minimum scores like the preset's shortest word, so it is not free.
 */
export function withMinLength(base: Rules, minLength: number): Rules {
  if (minLength === base.minLength) return base;
  return customRules({
    minLength,
    maxLength: base.maxLength,
    quFace: base.quFace,
    points: (length: number) => base.points(Math.max(length, base.minLength)),
  });
}
