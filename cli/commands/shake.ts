// `tumbleword shake`: a reproducible board from a dice set and a seed.
import { boardRows, formatBoard } from "#engine";
import { parseCommandLine } from "../args.ts";
import { print, type Command } from "../command.ts";
import { DICE_NAMES, parseRngName, parseSeed, resolveDice, RNG_NAMES, shakeBoard } from "../dice.ts";
import { LANG_HELP, parseLanguageOption } from "../language.ts";
import { renderGrid } from "../render.ts";

const HELP = `Usage: tumbleword shake [--seed N] [--lang L] [--dice ${DICE_NAMES.join("|")}|fr|es|de|FILE] [--rng ${RNG_NAMES.join("|")}] [--json]

Shakes the dice into a board. The same seed, dice and generator always give the same board.

Options:
  --seed N      whole number (lfsr16: 0-65535); random when omitted, and printed so it can be replayed
${LANG_HELP}
  --dice D      dice set (default: the language's, new for English; fr, es, de name the other
                languages' sets) or a dice file: one die per line, six faces, e.g. EDAIJW or AB[Qu]CDE
  --rng G       default (xoshiro128**, seeded from the number) or lfsr16 (the classroom generator)
  --json        print one JSON object: {seed, rng, dice, lang, board: [[faces]], text}
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
        lang: { type: "string" },
        json: { type: "boolean" },
      },
    });
    const language = parseLanguageOption(values.lang);
    const rng = parseRngName(values.rng);
    const seed = parseSeed(values.seed, rng);
    const dice = resolveDice(values.dice, language);
    const board = shakeBoard(dice.dice, rng, seed);
    const text = formatBoard(board);
    if (values.json) {
      print(JSON.stringify({ seed, rng, dice: dice.name, lang: language.code, board: boardRows(board), text }));
      return;
    }
    const lang = language.code === "en" ? "" : ` --lang ${language.code}`;
    print(renderGrid(board));
    print();
    print(`board: ${text}`);
    print(`seed: ${seed} (dice ${dice.name}, rng ${rng}); replay with: tumbleword shake --seed ${seed}${lang} --dice ${dice.name} --rng ${rng}`);
  },
};
