// `tumbleword check`: a verdict for each word on one board (or, with --trace, only where it traces).
import { boardRows, checkWord, traceWord, type Reason, type Verdict } from "#engine";
import { parseBoardOption, parseCommandLine, parseRulesOption, RULE_NAMES, UsageError, validateWord } from "../args.ts";
import { print, type Command } from "../command.ts";
import { loadLexicon } from "../lexicon.ts";
import { formatPath } from "../render.ts";
import { plural } from "#game/plural.ts";
import { LANG_HELP, parseLanguageOption, validateLanguageWord } from "../language.ts";

const HELP = `Usage: tumbleword check --board B [--lang L] [--rules ${RULE_NAMES.join("|")}] [--dict FILE] [--trace] [--json] WORD...

Checks each word against the board, in order, as a player's entries would be: long enough, in the
dictionary, traceable (and where), not already found earlier on the same command line.

Options:
  --board B     the board, e.g. case/mopi/stre/napd (required)
${LANG_HELP}
  --rules R     rule preset (default classic)
  --dict FILE   a word list to use instead of the language's built-in lexicon
  --trace       no dictionary: only whether (and along which path) each string can be traced
  --json        print one JSON object: {board, rules, lang, results: [...]}
  -h, --help    show this help

Words must be letters a-z (in French, Spanish and German, accented letters too: a word is folded
as the language folds it, 'élève' as 'eleve', 'schön' as 'schoen'; Spanish keeps ñ). The exit code
is 0 whenever the words could be checked.`;

export const REASON_TEXT: Record<Reason, string> = {
  "too-short": "too short",
  "not-a-word": "not in the dictionary",
  "not-on-board": "cannot be traced on the board",
  duplicate: "already found",
};

export function describeVerdict(verdict: Verdict): string {
  return verdict.accepted
    ? `accepted, ${plural(verdict.points, "point")}, path ${formatPath(verdict.path)}`
    : `rejected: ${REASON_TEXT[verdict.reason]} (${verdict.reason})`;
}

export const checkCommand: Command = {
  name: "check",
  summary: "verdict for each word on a board (or --trace: where a string traces)",
  help: HELP,
  run(args) {
    const { values, positionals } = parseCommandLine({
      args,
      allowPositionals: true,
      options: {
        board: { type: "string" },
        rules: { type: "string" },
        dict: { type: "string" },
        trace: { type: "boolean" },
        lang: { type: "string" },
        json: { type: "boolean" },
      },
    });
    if (values.board === undefined) throw new UsageError("check needs --board (e.g. --board case/mopi/stre/napd)");
    if (positionals.length === 0) throw new UsageError("check needs at least one WORD to check");
    if (values.trace && values.dict !== undefined) throw new UsageError("--trace uses no dictionary; drop --dict");
    const language = parseLanguageOption(values.lang);
    const words = positionals.map((word) => (language.code === "en" ? validateWord(word) : validateLanguageWord(word, language)));
    const rules = parseRulesOption(values.rules);
    const board = parseBoardOption(values.board, rules, language);
    const width = Math.max(...words.map((w) => w.length));

    if (values.trace) {
      const results = words.map((word) => ({ word, path: traceWord(board, word) }));
      if (values.json) {
        print(JSON.stringify({ board: boardRows(board), rules: rules.name, lang: language.code, results }));
        return;
      }
      for (const { word, path } of results) {
        print(`${word.padEnd(width)}  ${path ? `traceable, path ${formatPath(path)}` : "cannot be traced on the board"}`);
      }
      return;
    }

    const lexicon = loadLexicon(values.dict, language);
    const found = new Set<string>();
    const verdicts = words.map((word) => {
      const verdict = checkWord(board, lexicon, rules, word, found);
      if (verdict.accepted) found.add(verdict.word);
      return verdict;
    });
    if (values.json) {
      print(JSON.stringify({ board: boardRows(board), rules: rules.name, lang: language.code, results: verdicts }));
      return;
    }
    for (const verdict of verdicts) print(`${verdict.word.padEnd(width)}  ${describeVerdict(verdict)}`);
  },
};
