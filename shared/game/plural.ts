/** "1 point", "3 points", "2 matches": a count with its noun, for the site's and the CLI's texts. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
