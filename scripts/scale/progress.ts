// Progress on stderr (a bar on a terminal, a line every 10 % in a log); the tables go to stdout.
let lastTenth = -1;
export function progress(label: string, done: number, total: number): void {
  if (!process.stderr.isTTY) {
    // Not a terminal (a log): a plain line every 10 %.
    const tenth = Math.floor((10 * done) / Math.max(1, total));
    if (tenth !== lastTenth) process.stderr.write(`${tenth * 10}% ${label}\n`);
    lastTenth = done >= total ? -1 : tenth;
    return;
  }
  const width = 30;
  const filled = Math.round((width * done) / Math.max(1, total));
  process.stderr.write(`\r[${"#".repeat(filled)}${".".repeat(width - filled)}] ${String(Math.round((100 * done) / Math.max(1, total))).padStart(3)}% ${label}`.padEnd(90));
  if (done >= total) process.stderr.write("\n");
}
export function note(text: string): void {
  process.stderr.write(`${text}\n`);
}

