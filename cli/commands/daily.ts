// `tumbleword daily`: the day's curated board, exactly as the Worker derives and serves it.
import { boardRows, formatBoard } from "../../shared/index.ts";
import { isIsoDate, utcDate } from "../../shared/calendar.ts";
import { dailyPuzzle, DAILY_RULES, parseBlocklist } from "../../shared/daily.ts";
import { parseCommandLine, UsageError } from "../args.ts";
import { print, type Command } from "../command.ts";
import { findUp, loadDefaultLexicon } from "../lexicon.ts";

const { readFileSync } = process.getBuiltinModule("node:fs");
import { renderGrid } from "../render.ts";
import { plural } from "../../shared/plural.ts";

const BLOCKLIST = "shared/lexicon/blocklist.txt";

const HELP = `Usage: tumbleword daily [--date YYYY-MM-DD] [--secret S] [--json]

Prints the daily puzzle's board for a date: the same board the Worker serves (4x4, new dice,
classic rules, reshaken from the secret-keyed seed until it meets the quality bar).

Options:
  --date D      the UTC day (default today)
  --secret S    the daily secret (default: the DAILY_SECRET environment variable)
  --json        print one JSON object: {date, board, rules, totals, attempts}
  -h, --help    show this help`;

export const dailyCommand: Command = {
  name: "daily",
  summary: "the daily puzzle's board for a date (needs the daily secret)",
  help: HELP,
  async run(args) {
    const { values } = parseCommandLine({
      args,
      options: { date: { type: "string" }, secret: { type: "string" }, json: { type: "boolean" } },
    });
    const date = values.date ?? utcDate(Date.now());
    if (!isIsoDate(date)) throw new UsageError(`--date must be a real date written YYYY-MM-DD, got '${date}'`);
    const secret = values.secret ?? process.env.DAILY_SECRET ?? "";
    if (secret === "") throw new UsageError("the daily secret is missing: pass --secret S or set DAILY_SECRET");
    const blocklistPath = findUp(BLOCKLIST);
    if (blocklistPath === null) throw new UsageError(`the blocklist (${BLOCKLIST}) is missing`);
    const blocklist = parseBlocklist(readFileSync(blocklistPath, "utf8"));

    const puzzle = await dailyPuzzle(secret, date, loadDefaultLexicon(), blocklist);
    const { totals } = puzzle.solution;
    if (values.json) {
      print(JSON.stringify({ date, board: boardRows(puzzle.board), rules: DAILY_RULES.name, totals, attempts: puzzle.attempts }));
      return;
    }
    print(`Daily puzzle for ${date}`);
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
