// `tumbleword batch`: the course's batch format (a counted dictionary, a file of 4x4 games).
import { boardFromRows, EngineError } from "../../shared/index.ts";
import { parseCommandLine, UsageError } from "../args.ts";
import type { Command } from "../command.ts";
import { BatchThreads, COURSE_RULES } from "../batch-threads.ts";
import { loadDictFile, readUserFile } from "../lexicon.ts";

const HELP = `Usage: tumbleword batch --dict dictionary.txt --boards boggle.txt

Solves every game of a boards file, printing the course's batch format: for each game the line
'Words for Game #g:', then every dictionary word that can be traced, one per line (alphabetical,
each once), then two blank lines.

Options:
  --dict FILE     dictionary: first line the word count n, then n lowercase words (a plain word
                  list works too); only words of 3 to 16 letters are used
  --boards FILE   first line the number of games, then each game as four lines of four lowercase
                  letters, games separated by a blank line
  -h, --help      show this help

Tiles are plain letters, as in the course: 'q' is the letter q, not the Qu face.
The dictionary is compiled once and kept, by a hash of its content, in $XDG_CACHE_HOME/tumbleword
(else node_modules/.cache/tumbleword, else ~/.cache/tumbleword): later runs start at once.`;

export interface BatchGame {
  /** 1-based line of the game's first row, for messages. */
  line: number;
  rows: string[];
}

/** The number of games a boards file announces on its first line (0 if it is not a number). */
function announcedGames(text: string): number {
  const first = /^\s*(\d+)/.exec(text);
  return first === null ? 0 : Number(first[1]);
}

/** Parses a boards file; every mistake names its line. Games are squares of letters (4x4 in the course). */
export function parseBoardsFile(text: string, path: string): BatchGame[] {
  const lines = text.split(/\r?\n/);
  let first = 0;
  while (first < lines.length && lines[first].trim() === "") first++;
  const countText = lines[first]?.trim() ?? "";
  if (!/^\d+$/.test(countText)) {
    throw new UsageError(`boards file '${path}' line ${first + 1}: expected the number of games, got '${countText}'`);
  }
  const expected = Number(countText);

  // Rows are grouped into games by blank lines; a group of 4k rows of 4 letters holds k games.
  const games: BatchGame[] = [];
  let group: { line: number; row: string }[] = [];
  const flush = () => {
    if (group.length === 0) return;
    const side = group[0].row.length;
    if (group.length % side !== 0) {
      throw new UsageError(
        `boards file '${path}' line ${group[0].line}: a game needs ${side} rows of ${side} letters, found ${group.length} rows`,
      );
    }
    for (let i = 0; i < group.length; i += side) {
      games.push({ line: group[i].line, rows: group.slice(i, i + side).map((g) => g.row) });
    }
    group = [];
  };
  for (let i = first + 1; i < lines.length; i++) {
    const row = lines[i].trim().toLowerCase();
    if (row === "") {
      flush();
      continue;
    }
    if (!/^[a-z]+$/.test(row)) {
      throw new UsageError(`boards file '${path}' line ${i + 1}: a row must be letters a-z only, got '${lines[i].trim()}'`);
    }
    if (group.length > 0 && row.length !== group[0].row.length) {
      throw new UsageError(
        `boards file '${path}' line ${i + 1}: row '${row}' has ${row.length} letters, the game's rows have ${group[0].row.length}`,
      );
    }
    group.push({ line: i + 1, row });
  }
  flush();
  if (games.length !== expected) {
    throw new UsageError(`boards file '${path}' announces ${expected} games on line ${first + 1} but holds ${games.length}`);
  }
  return games;
}

export const batchCommand: Command = {
  name: "batch",
  summary: "the course batch format: all words of each game in a boards file",
  help: HELP,
  async run(args) {
    const { values } = parseCommandLine({
      args,
      options: { dict: { type: "string" }, boards: { type: "string" } },
    });
    if (values.dict === undefined) throw new UsageError("batch needs --dict FILE");
    if (values.boards === undefined) throw new UsageError("batch needs --boards FILE");
    const text = readUserFile(values.boards, "boards file");
    // Helper threads boot while this one reads the boards and the dictionary.
    const threads = BatchThreads.start(announcedGames(text));
    try {
      const games = parseBoardsFile(text, values.boards);
      // Every board is read before anything is printed: a bad game stops the run with nothing written.
      const boards = games.map((game) => {
        try {
          return boardFromRows(game.rows.map((row) => [...row]));
        } catch (error) {
          if (error instanceof EngineError) throw new UsageError(`boards file '${values.boards}' line ${game.line}: ${error.message}`);
          throw error;
        }
      });
      const lexicon = loadDictFile(values.dict, { min: COURSE_RULES.minLength, max: COURSE_RULES.maxLength });
      await threads.solve(boards, lexicon, (bytes) => process.stdout.write(bytes));
    } finally {
      threads.stop();
    }
  },
};
