// Line-by-line conversation for `play`: the same prompts at a terminal and through a pipe.
import type { Interface } from "node:readline";
import { isUserError } from "./args.ts";

export interface Answer {
  /** The line typed, or null when input ended (or, for a timed read, when time ran out). */
  line: string | null;
  timedOut: boolean;
}

/**
 * Reads answers through one readline interface. Lines are consumed through its async iterator,
 * which buffers them, so piped input that arrives before a prompt is never lost.
 */
export class Prompter {
  private readonly rl: Interface;
  private readonly lines: AsyncIterator<string>;
  private pending: Promise<IteratorResult<string>> | null = null;
  private ended = false;
  /** Through a pipe, answers are echoed after the prompt so the transcript reads like a session. */
  private readonly echo: boolean;

  private readonly input: NodeJS.ReadableStream & { destroy(): void };
  private readonly output: NodeJS.WritableStream;
  private closed = false;

  constructor(
    input: NodeJS.ReadableStream & { destroy(): void } = process.stdin,
    output: NodeJS.WritableStream = process.stdout,
  ) {
    this.input = input;
    this.output = output;
    const terminal = (input as { isTTY?: boolean }).isTTY === true && (output as { isTTY?: boolean }).isTTY === true;
    this.rl = process.getBuiltinModule("node:readline").createInterface({ input, output, terminal, crlfDelay: Infinity });
    this.echo = !terminal;
    this.lines = this.rl[Symbol.asyncIterator]();
    this.rl.on("close", () => (this.closed = true));
    this.rl.on("SIGINT", () => {
      output.write("\n");
      process.exit(130);
    });
  }

  say(text = ""): void {
    process.stdout.write(text + "\n");
  }

  /** Shows the prompt and waits for one line; with `timeoutMs`, gives up when the time is over. */
  async ask(prompt: string, timeoutMs?: number): Promise<Answer> {
    if (this.ended) return { line: null, timedOut: false };
    if (this.closed) {
      // Input has ended but buffered lines remain: readline no longer prompts, so write it here.
      this.output.write(prompt);
    } else {
      this.rl.setPrompt(prompt);
      this.rl.prompt();
    }
    this.pending ??= this.lines.next();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<"timeout">((resolve) => {
      if (timeoutMs !== undefined) timer = setTimeout(() => resolve("timeout"), Math.max(0, timeoutMs));
    });
    const result = await Promise.race([this.pending, timeout]);
    clearTimeout(timer);
    if (result === "timeout") {
      if (this.echo) process.stdout.write("\n");
      return { line: null, timedOut: true };
    }
    this.pending = null;
    if (result.done) {
      this.ended = true;
      if (this.echo) process.stdout.write("\n");
      return { line: null, timedOut: false };
    }
    if (this.echo) process.stdout.write(result.value + "\n");
    return { line: result.value, timedOut: false };
  }

  /**
   * Asks until `parse` accepts the answer; a user error from it is shown and the question asked
   * again. A blank answer is passed on (parsers treat it as "the default").
   */
  async askUntil<T>(prompt: string, parse: (answer: string) => T, onEnd: () => never): Promise<T> {
    for (;;) {
      const { line } = await this.ask(prompt);
      if (line === null) onEnd();
      try {
        return parse(line.trim());
      } catch (error) {
        if (!isUserError(error)) throw error;
        this.say(`  ${error.message}. Try again.`);
      }
    }
  }

  /** Ends the conversation; unread input (a timed-out turn leaves a read pending) is let go. */
  close(): void {
    this.rl.close();
    this.input.destroy();
  }
}
