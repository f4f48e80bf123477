// Runs shell commands at the same time and fails if any of them fails (after all have finished,
// so every error is printed):  node scripts/parallel.mjs "npm run -s typecheck" "npm run -s build"
// Used where independent steps would otherwise wait on each other (typecheck beside the build).
import { spawn } from "node:child_process";

const commands = process.argv.slice(2);
const codes = await Promise.all(
  commands.map(
    (command) =>
      new Promise((resolve) => {
        const child = spawn(command, { shell: true, stdio: "inherit" });
        child.once("error", (error) => {
          console.error(`${command}: ${error.message}`);
          resolve(1);
        });
        child.once("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
      }),
  ),
);
const failed = commands.filter((_, i) => codes[i] !== 0);
if (failed.length > 0) {
  console.error(`Failed: ${failed.join("; ")}`);
  process.exit(1);
}
