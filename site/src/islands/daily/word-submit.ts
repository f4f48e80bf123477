// A word entered on the daily board: judged at once by the word list where the page has it (the
// day's words; for a puzzle stored without them, the lexicon, loaded here if a word comes before
// it), kept as found, and queued for the server's verdict and receipt while the round sends words
// there; refused words are said why.
import { type Board, type Language, type Path, type Rules, type WordList, checkWord } from "#engine";
import type { Messages } from "../../i18n/messages.ts";
import { reasonText } from "../../core/verdicts.ts";
import type { GameStore } from "./game-store.ts";
import { foundSet, sendsToServer } from "./play-store.ts";

export interface SubmitContext {
  board: Board;
  rules: Rules;
  language: Language;
  game: GameStore;
  t: Messages;
  /** What judges words here, once it is in (shared with the score's bonus marks). */
  judge: WordList | null;
  setJudge(judge: WordList): void;
  announce(text: string, tone?: "good" | "bad" | "info", bonus?: boolean): void;
  /** Queues a word for the server's verdict. */
  send(word: string, path: Path | null): void;
}

export async function submitWord(ctx: SubmitContext, raw: string, tracedPath: Path | null): Promise<void> {
  const { rules, t, game, announce } = ctx;
  // As the board's language spells it ("élève" is the French "eleve").
  const word = ctx.language.normalize(raw);
  if (word === null || word === "") return announce(reasonText("not-a-word", raw, rules, t), "bad");
  if (foundSet(game.view).has(word)) return announce(reasonText("duplicate", word, rules, t), "bad");
  const toServer = sendsToServer(game.view, Date.now());
  let judge = ctx.judge;
  if (!judge && !toServer) {
    announce(t.trouble.loadingLexicon);
    try {
      const { loadLexicon } = await import("../../core/lexicon.ts");
      judge = await loadLexicon(ctx.language.code);
      ctx.setJudge(judge);
    } catch {
      return announce(t.trouble.lexiconFailed, "bad");
    }
  }
  let path = tracedPath;
  if (judge) {
    const verdict = checkWord(ctx.board, judge, rules, word, foundSet(game.view));
    if (!verdict.accepted) return announce(reasonText(verdict.reason, word, rules, t), "bad");
    path = verdict.path;
    game.addFound({ word, points: verdict.points, path, ranked: toServer && game.view.ranked, confirmed: !toServer });
    announce(`${word.toUpperCase()} +${verdict.points}`, "good", !verdict.common);
  } else {
    announce(t.trouble.checking(word.toUpperCase()));
  }
  if (toServer) ctx.send(word, path);
}
