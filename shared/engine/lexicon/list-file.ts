/**
 * Reads the project's reviewed word lists (blocklist.txt, allowlist.txt): one word per line, then
 * "#" and why; blank and comment-only lines, and anything that is not one word of letters a-z,
 * are skipped. A language's list passes its `normalize` (fold, then null for anything that is not
 * a word of its letters) instead of the a-z test.
 */
export function readListFile(text: string, normalize?: (word: string) => string | null): string[] {
  const lines = text.split(/\r?\n/).map((line) => line.replace(/#.*$/, "").trim());
  if (normalize === undefined) return lines.map((line) => line.toLowerCase()).filter((word) => /^[a-z]+$/.test(word));
  return lines.flatMap((line) => {
    const word = line === "" ? null : normalize(line);
    return word === null ? [] : [word];
  });
}
