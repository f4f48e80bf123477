// A language's typography, applied to a whole catalogue once rather than typed into each string:
// French sets a narrow no-break space (U+202F) before ; ! ? and a no-break space (U+00A0) before :
// and inside « » (the catalogue is written with plain spaces there). Imports nothing: it is one of
// the tools a catalogue is made with (tools.ts).

const NARROW_NBSP = "\u202f";
const NBSP = "\u00a0";

/** French spacing in one string: the plain (or missing) space before ; ! ? : and inside « » made unbreakable. */
export function frenchSpacing(text: string): string {
  return (
    text
      // The mark ends a phrase (a space or the end follows), so an address keeps its own
      // ("https://", "10:30", "?lang=fr").
      .replace(/(?<=\S|^) ?([;!?])(?=\s|$|["”»)])/gu, `${NARROW_NBSP}$1`)
      .replace(/(?<=\S|^) ?:(?=\s|$)/gu, `${NBSP}:`)
      .replace(/« ?/g, `«${NBSP}`)
      .replace(/ ?»/g, `${NBSP}»`)
  );
}

/** Every string of a catalogue (and every string its functions return) passed through `fix`; other values as they are. */
export function typeset<T>(value: T, fix: (text: string) => string): T {
  if (typeof value === "string") return fix(value) as T;
  if (typeof value === "function") {
    const inner = value as (...args: unknown[]) => unknown;
    return ((...args: unknown[]) => typeset(inner(...args), fix)) as T;
  }
  if (Array.isArray(value)) return value.map((item) => typeset(item, fix)) as T;
  if (value !== null && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, typeset(item, fix)])) as T;
  return value;
}
