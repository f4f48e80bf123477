// `tumbleword solve`: every word on a board, as a table or as one JSON object.
import { boardRows, solveCompact, type Solution } from "#engine";
import { parseBoardOption, parseCommandLine, parseIntegerOption, parseRulesOption, RULE_NAMES, UsageError } from "../args.ts";
import { print, type Command } from "../command.ts";
import { loadLexicon } from "../lexicon.ts";
import { formatPath, renderGrid, renderTable } from "../render.ts";
import { plural } from "#game/plural.ts";
import { withMinLength } from "../rules.ts";
import { LANG_HELP, parseLanguageOption } from "../language.ts";

const HELP = `Usage: tumbleword solve --board B [--lang L] [--rules ${RULE_NAMES.join("|")}] [--dict FILE] [--min N] [--json]

Lists every word of the dictionary that can be traced on the board, each once with one path.

Options:
  --board B     the board, e.g. case/mopi/stre/napd (required)
${LANG_HELP}
  --rules R     rule preset (default classic): minimum length, points, whether q means Qu
  --dict FILE   a word list to use instead of the language's built-in lexicon
                (one word per line, or the course format whose first line is the count;
                compiled once and cached, as 'tumbleword batch --help' describes)
  --min N       minimum word length in letters, overriding the preset's
  --json        print one JSON object: {board, rules, lang, count, score, words: [{word, path, points, common}]}
                (words sorted alphabetically; paths are [row, col] pairs, 0-based)
  -h, --help    show this help`;

export const solveCommand: Command = {
  name: "solve",
  summary: "list every word on a board, with paths and points",
  help: HELP,
  run(args) {
    const { values } = parseCommandLine({
      args,
      options: {
        board: { type: "string" },
        rules: { type: "string" },
        dict: { type: "string" },
        min: { type: "string" },
        lang: { type: "string" },
        json: { type: "boolean" },
      },
    });
    if (values.board === undefined) throw new UsageError("solve needs --board (e.g. --board case/mopi/stre/napd)");
    const language = parseLanguageOption(values.lang);
    const preset = parseRulesOption(values.rules);
    const rules = values.min === undefined ? preset : withMinLength(preset, parseIntegerOption("--min", values.min, 1, 64));
    const board = parseBoardOption(values.board, rules, language);
    const lexicon = loadLexicon(values.dict, language);
    const solution = solveCompact(board, lexicon, rules);

    if (values.json) {
      // The words' JSON comes straight from the compact form, with no object per word.
      const head = JSON.stringify({ board: boardRows(board), rules: preset.name, lang: language.code, count: solution.count, score: solution.totals.points });
      print(`${head.slice(0, -1)},"words":${solution.wordsJson()}}`);
      return;
    }
    print(renderGrid(board));
    print();
    print(renderSolution(solution.toSolution()));
  },
};

function renderSolution(solution: Solution): string {
  const { totals, byLength } = solution;
  if (totals.words === 0) return "No words.";
  const table = renderTable(
    ["word", "letters", "points", "common", "path"],
    solution.words.map((w) => [w.word, String(w.word.length), String(w.points), w.common ? "yes" : "", formatPath(w.path)]),
    [1, 2],
  );
  const lengths = Object.entries(byLength)
    .map(([length, count]) => `${length}: ${count}`)
    .join(", ");
  return [
    table,
    "",
    `Total: ${plural(totals.words, "word")}, ${plural(totals.points, "point")}` +
      ` (common: ${plural(totals.commonWords, "word")}, ${plural(totals.commonPoints, "point")})`,
    `By length: ${lengths}`,
  ].join("\n");
}
