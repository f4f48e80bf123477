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

/** Writes a line to stdout. (A closed pipe, e.g. `| head`, is handled once for all output in main.ts.) */
export function print(text = ""): void {
  process.stdout.write(text + "\n");
}
