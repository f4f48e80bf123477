// Entry point of the `tumbleword` command: dispatch to one module per command, and the single
// error path (user errors print `tumbleword: <one line>` and exit 2, never a stack trace).
//
// The CLI takes Node's built-in modules with process.getBuiltinModule(), those only some commands
// need at first use, rather than importing them: an ESM import of a built-in first builds a
// facade of all its exports (node:fs's loads fs/promises and the file watchers, node:util's runs
// its lazy getters), milliseconds that every start of the CLI, and of each batch helper thread
// (which loads this same file), would pay.
import { firstLine, isUserError, UsageError } from "./args.ts";
import { print, type Command } from "./command.ts";
import { benchCommand } from "./commands/bench.ts";
import { batchCommand } from "./commands/batch.ts";
import { checkCommand } from "./commands/check.ts";
import { dailyCommand } from "./commands/daily.ts";
import { playCommand } from "./commands/play.ts";
import { shakeCommand } from "./commands/shake.ts";
import { solveCommand } from "./commands/solve.ts";

const { isMainThread } = process.getBuiltinModule("node:worker_threads");

const COMMANDS: Command[] = [
  solveCommand,
  checkCommand,
  shakeCommand,
  batchCommand,
  playCommand,
  dailyCommand,
  benchCommand,
];

const TOP_HELP = `Usage: tumbleword <command> [options]

Tumbleword's engine on the command line: solve, check and shake word-dice boards, play a game.

Commands:
${COMMANDS.map((c) => `  ${c.name.padEnd(7)} ${c.summary}`).join("\n")}

Run 'tumbleword <command> --help' for a command's options.
Boards are written as rows separated by '/' or spaces, one character per tile, e.g. case/mopi/stre/napd
('q' is the Qu face under rules that have one; [th] is a multi-letter face; '.' is a blank).`;

function wantsHelp(args: string[]): boolean {
  const end = args.indexOf("--");
  return (end === -1 ? args : args.slice(0, end)).some((a) => a === "--help" || a === "-h");
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    const topic = name === "help" ? COMMANDS.find((c) => c.name === rest[0]) : undefined;
    print(topic ? topic.help : TOP_HELP);
    return 0;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (command === undefined) {
    throw new UsageError(`unknown command '${name}' (run 'tumbleword --help' for the list)`);
  }
  if (wantsHelp(rest)) {
    print(command.help);
    return 0;
  }
  return (await command.run(rest)) ?? 0;
}

function report(error: unknown): number {
  if (isUserError(error)) {
    process.stderr.write(`tumbleword: ${firstLine(error.message)}\n`);
    return 2;
  }
  // A bug, not bad input: still one line unless asked for the trace.
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`tumbleword: internal error: ${firstLine(message)}\n`);
  if (process.env.TUMBLEWORD_DEBUG) console.error(error);
  return 1;
}

// The CLI bundle is also the entry point of batch's worker threads (see batch-threads.ts),
// which must not run a command of their own.
if (isMainThread) {
  // A reader that went away (`tumbleword solve ... | head`) is not an error.
  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
    throw error;
  });

  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.exitCode = report(error);
    },
  );
}
