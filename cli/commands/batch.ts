// `tumbleword batch`: the course's batch format (a counted dictionary, a file of 4x4 games).
import { BATCH_RULES, LANGUAGE_CODES } from "#engine";
import { parseCommandLine, UsageError } from "../args.ts";
import { BatchThreads } from "../batch-threads.ts";
import { announcedGames, parseBoardsFile } from "../boards-file.ts";
import type { Command } from "../command.ts";
import { parseLanguageOption } from "../language.ts";
import { loadDictFile, loadLanguageLexicon, readUserFile } from "../lexicon.ts";

const HELP = `Usage: tumbleword batch (--dict dictionary.txt | --lang L) --boards boggle.txt

Solves every game of a boards file, printing the course's batch format: for each game the line
'Words for Game #g:', then every dictionary word that can be traced, one per line (alphabetical,
each once), then two blank lines.

Options:
  --dict FILE     dictionary: first line the word count n, then n lowercase words (a plain word
                  list works too); only words of ${BATCH_RULES.minLength} to ${BATCH_RULES.maxLength} letters are used
  --boards FILE   first line the number of games, then each game as four lines of four lowercase
                  letters, games separated by a blank line
  --lang L        ${LANGUAGE_CODES.join("|")}: without --dict, the language's built-in lexicon; with it,
                  the list's words folded as the language folds them (Spanish boards may show ñ)
  -h, --help      show this help

Tiles are plain letters, as in the course: 'q' is the letter q, not the Qu face.
The dictionary is compiled once and kept, by a hash of its content, in $XDG_CACHE_HOME/tumbleword
(else node_modules/.cache/tumbleword, else ~/.cache/tumbleword): later runs start at once.`;

export const batchCommand: Command = {
  name: "batch",
  summary: "the course batch format: all words of each game in a boards file",
  help: HELP,
  async run(args) {
    const { values } = parseCommandLine({
      args,
      options: { dict: { type: "string" }, boards: { type: "string" }, lang: { type: "string" } },
    });
    if (values.dict === undefined && values.lang === undefined) throw new UsageError("batch needs --dict FILE (or --lang L for a built-in lexicon)");
    const language = parseLanguageOption(values.lang);
    if (values.boards === undefined) throw new UsageError("batch needs --boards FILE");
    const text = readUserFile(values.boards, "boards file");
    // Helper threads boot while this one reads the boards and the dictionary.
    const threads = BatchThreads.start(announcedGames(text));
    try {
      // Every game is read before anything is printed: a bad game stops the run with nothing written.
      const games = parseBoardsFile(text, values.boards, language.boardLetters);
      const lexicon = values.dict === undefined
        ? loadLanguageLexicon(language)
        : loadDictFile(values.dict, { min: BATCH_RULES.minLength, max: BATCH_RULES.maxLength }, language);
      await threads.solve(games, lexicon, (bytes) => process.stdout.write(bytes));
    } finally {
      threads.stop();
    }
  },
};
