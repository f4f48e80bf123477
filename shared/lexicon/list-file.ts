/**
 * Reads the project's reviewed word lists (blocklist.txt, allowlist.txt): one word per line, then
 * "#" and why; blank and comment-only lines, and anything that is not one word of letters a-z,
 * are skipped.
 */
export function readListFile(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(/#.*$/, "").trim().toLowerCase())
    .filter((word) => /^[a-z]+$/.test(word));
}
