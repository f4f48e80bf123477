// `tumbleword daily`: the day's curated board, exactly as the Worker derives and serves it.
import { ENGLISH, boardRows, dailyPuzzle, formatBoard, isIsoDate, languageBlocklist, utcDate } from "#engine";
import { parseCommandLine, UsageError } from "../args.ts";
import { print, type Command } from "../command.ts";
import { LANG_HELP, parseLanguageOption } from "../language.ts";
import { findUp, loadLanguageLexicon } from "../lexicon.ts";

const { readFileSync } = process.getBuiltinModule("node:fs");
import { renderGrid } from "../render.ts";
import { plural } from "#game/plural.ts";

const HELP = `Usage: tumbleword daily [--date YYYY-MM-DD] [--lang L] [--secret S] [--json]

Prints the daily puzzle's board for a date: the same board the Worker serves (4x4, the language's
dice, classic rules, reshaken from the secret-keyed seed until it meets the language's quality bar).
Each language has its own board every day.

Options:
  --date D      the UTC day (default today)
${LANG_HELP}
  --secret S    the daily secret (default: the DAILY_SECRET environment variable)
  --json        print one JSON object: {date, lang, board, rules, totals, attempts}
  -h, --help    show this help`;

export const dailyCommand: Command = {
  name: "daily",
  summary: "the daily puzzle's board for a date (needs the daily secret)",
  help: HELP,
  async run(args) {
    const { values } = parseCommandLine({
      args,
      options: { date: { type: "string" }, lang: { type: "string" }, secret: { type: "string" }, json: { type: "boolean" } },
    });
    const language = parseLanguageOption(values.lang);
    const date = values.date ?? utcDate(Date.now());
    if (!isIsoDate(date)) throw new UsageError(`--date must be a real date written YYYY-MM-DD, got '${date}'`);
    const secret = values.secret ?? process.env.DAILY_SECRET ?? "";
    if (secret === "") throw new UsageError("the daily secret is missing: pass --secret S or set DAILY_SECRET");
    const blocklistPath = findUp(language.blocklistFile);
    if (blocklistPath === null) throw new UsageError(`the blocklist (${language.blocklistFile}) is missing`);
    const blocklistText = readFileSync(blocklistPath, "utf8");
    const blocklist = languageBlocklist(blocklistText, language);

    const puzzle = await dailyPuzzle(secret, date, loadLanguageLexicon(language), blocklist, language);
    const { totals } = puzzle.solution;
    if (values.json) {
      const board = boardRows(puzzle.board);
      print(JSON.stringify({ date, lang: language.code, board, rules: language.rules.name, totals, attempts: puzzle.attempts }));
      return;
    }
    print(language === ENGLISH ? `Daily puzzle for ${date}` : `Daily puzzle for ${date} in ${language.name}`);
    print();
    print(renderGrid(puzzle.board));
    print();
    print(`board: ${formatBoard(puzzle.board)}`);
    print(
      `${plural(totals.words, "word")}, ${plural(totals.points, "point")} ` +
        `(common: ${plural(totals.commonWords, "word")}, ${plural(totals.commonPoints, "point")}); ` +
        `${plural(puzzle.attempts, "shake")} to meet the quality bar`,
    );
  },
};
