import type { Command } from "../command.ts";
export const benchCommand: Command = { name: "bench", summary: "", help: "", run() {} };
