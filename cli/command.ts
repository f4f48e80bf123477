// The shape every command module exports; main.ts dispatches on `name`.
export interface Command {
  name: string;
  /** One line for the top-level help. */
  summary: string;
  /** The full `--help` text. */
  help: string;
  /** Runs with the arguments after the command name; resolves to the exit code (0 when omitted). */
  run(args: string[]): Promise<number | void> | number | void;
}

/** Writes to stdout; a closed pipe (e.g. `| head`) ends output quietly instead of crashing. */
export function print(text = ""): void {
  process.stdout.write(text + "\n");
}
