// `tumbleword shake`: a reproducible board from a dice set and a seed.
import { boardRows, formatBoard } from "../../shared/index.ts";
import { parseCommandLine } from "../args.ts";
import { print, type Command } from "../command.ts";
import { DICE_NAMES, parseRngName, parseSeed, resolveDice, RNG_NAMES, shakeBoard } from "../dice.ts";
import { renderGrid } from "../render.ts";

const HELP = `Usage: tumbleword shake [--seed N] [--dice ${DICE_NAMES.join("|")}|FILE] [--rng ${RNG_NAMES.join("|")}] [--json]

Shakes the dice into a board. The same seed, dice and generator always give the same board.

Options:
  --seed N      whole number (lfsr16: 0-65535); random when omitted, and printed so it can be replayed
  --dice D      dice set (default new) or a dice file: one die per line, six faces, e.g. EDAIJW or
                AB[Qu]CDE
  --rng G       default (xoshiro128**, seeded from the number) or lfsr16 (the classroom generator)
  --json        print one JSON object: {seed, rng, dice, board: [[faces]], text}
  -h, --help    show this help`;

export const shakeCommand: Command = {
  name: "shake",
  summary: "shake the dice into a board from a seed",
  help: HELP,
  run(args) {
    const { values } = parseCommandLine({
      args,
      options: {
        seed: { type: "string" },
        dice: { type: "string" },
        rng: { type: "string" },
        json: { type: "boolean" },
      },
    });
    const rng = parseRngName(values.rng);
    const seed = parseSeed(values.seed, rng);
    const dice = resolveDice(values.dice);
    const board = shakeBoard(dice.dice, rng, seed);
    const text = formatBoard(board);
    if (values.json) {
      print(JSON.stringify({ seed, rng, dice: dice.name, board: boardRows(board), text }));
      return;
    }
    print(renderGrid(board));
    print();
    print(`board: ${text}`);
    print(`seed: ${seed} (dice ${dice.name}, rng ${rng}); replay with: tumbleword shake --seed ${seed} --dice ${dice.name} --rng ${rng}`);
  },
};
