// The interface's words, the shape every language's catalogue has (en.ts, fr.ts, es.ts, de.ts),
// and the little helpers they share. No framework: a typed object per language, so a missing
// message is a type error, and functions where a number or a word goes into the sentence.
import type { RankKey } from "#game/ranks.ts";

/**
 * A piece of a line of rich text: plain text, words in bold, a key to press, the ranked round's
 * length (a span game.ts keeps to the server's length), or a link.
 */
import type { AchievementId } from "#game/achievements.ts";
import type { ApiErrorCode } from "../core/api-error.ts";

export type Inline =
  | string
  | { readonly strong: readonly Inline[] }
  | { readonly kbd: string }
  | { readonly roundLength: true }
  /** The round's length as a duration ("3 minutes"), kept to the server's by the rules page. */
  | { readonly roundTime: true }
  | { readonly link: string; readonly text: string }
  /** A name said as it is in every language (a licence, "CC BY-SA"). */
  | { readonly name: string };

export interface Messages {
  skipLink: string;
  nav: { today: string; archive: string; leaderboard: string; practice: string; together: string; stats: string; howTo: string };
  languagePicker: string;
  /** Announced with the board: "French board". */
  boardLanguage: string;
  loading: string;
  score: string;
  timeLeft: string;
  start: (length: string) => string;
  /** A round's length as it goes into `start` and the statuses ("3-minute", "3 minutes"). */
  roundLength: (seconds: number) => string;
  /** A round's length as a duration on its own ("3 minutes", "3 Minuten"). */
  roundDuration: (seconds: number) => string;
  words: (n: number) => string;
  points: (n: number) => string;
  rank: string;
  everydayPoints: string;
  everydayFound: string;
  wordsFound: string;
  wordsFoundList: string;
  share: string;
  yourResult: string;
  showSolution: string;
  ranks: string;
  rankLadder: string;
  hints: string;
  hintGrid: string;
  hintStarts: string;
  letterBoard: string;
  /** The board's name with its language: "Letter board: Français". */
  boardNamed: (language: string) => string;
  word: string;
  wordPlaceholder: string;
  enter: string;
  clear: string;
  status: {
    readyToday: (length: string) => string;
    readyPast: string;
    round: string;
    afterRound: (points: number, words: number) => string;
    free: string;
  };
  playPast: string;
  go: string;
  goFree: string;
  timeUp: string;
  roundOver: string;
  roundFailed: (reason: string) => string;
  verdict: {
    "too-short": (word: string, min: number) => string;
    "not-a-word": (word: string) => string;
    "not-on-board": (word: string) => string;
    duplicate: (word: string) => string;
    late: (word: string) => string;
  };
  /** The rank ladder's names, by the rank's key (shared/game/ranks.ts). */
  rankNames: Readonly<Record<RankKey, string>>;
  /** The score's split when bonus words count: "40 + 6 bonus". */
  bonusSum: (everyday: number, bonus: number) => string;
  /** A found word's tooltip: its points, and whether it is a bonus word. */
  wordPoints: (points: number, bonus: boolean) => string;
  /** A found word's mark, said in its title: not yet judged by the server, judged and kept here, stored on the server. */
  wordSync: { pending: string; sent: string; counted: string };
  /** The countdown under the board and on the results card. */
  nextPuzzle: (duration: string) => string;
  newPuzzle: string;
  topRank: string;
  toNextRank: (points: number) => string;
  of: (part: number, whole: number) => string;
  rankedScore: (points: number) => string;
  progressLine: (words: number, points: number, total: number, bonus: number, rank: string) => string;
  results: {
    title: (number: number) => string;
    close: string;
    points: (score: number, bonus: number) => string;
    rankStep: (rank: number, of: number) => string;
    ladder: string;
    standing: string;
    longest: string;
    missed: string;
    hints: string;
    none: string;
    allFound: string;
    players: (n: number) => string;
    /** Today's place among the day's players: "#3 of 80 · top 4%". */
    place: (rank: number, total: number) => string;
    underReview: (reason: string) => string;
    /** Said after a top-10 standing that awaits confirmation (/how-to-play#fair-play). */
    provisional: Readonly<Record<"picks" | "new" | "jump", string>>;
    offline: string;
    /** Issue 27 (rough edges): while the server merges the round, and a place shown before it did. */
    counting: string;
    stillCounting: string;
    playingAs: string;
    shareText: string;
    byLength: (parts: readonly [number, number][]) => string;
    noWords: string;
    share: string;
    seeSolution: string;
    nameLabel: string;
    namePlaceholder: string;
    save: string;
    skip: string;
    copyLabel: string;
  };
  /** The hints panel: "12 of 40 everyday words left", the grid's caption, the hints' names on the card. */
  hintsLeft: (left: number, total: number) => string;
  hintGridCaption: string;
  hintStartsLabel: string;
  hintNames: Readonly<Record<"grid" | "starts", string>>;
  /** The solution panel after the round. */
  solution: {
    heading: string;
    intro: string;
    boardLabel: string;
    pick: string;
    summary: (words: number, points: number, found: number) => string;
    /** A word's line: points, everyday or not, the share of players who found it, and you. */
    meta: (points: number, common: boolean, share: number, you: boolean) => string;
    /** Shown in place of a definition on a board of another language. */
    englishOnly: (languageName: string) => string;
    lookingUp: string;
    definitionsFailed: string;
    /** Issue 27: a word with no definition here, and where to look it up. */
    rareWord: string;
    lookUp: string;
    throughTile: (words: number, face: string, row: number, column: number) => string;
  };
  /** The home page's extras around the board: streak, passkey sign-in, walkthrough, embed. */
  home: {
    leaderboard: string;
    streak: (days: number) => string;
    yourStats: string;
    passkey: { before: string; link: string; after: string };
    onboarding: {
      open: string;
      title: string;
      /** The rules, three lines of rich text (InlineText.astro renders them, no HTML strings). */
      rules: readonly [readonly Inline[], readonly Inline[], readonly Inline[]];
      practice: string;
      close: string;
      /** A word of the language on the demo board (ONBOARDING_BOARD) and its tiles, 0-8 row by row. */
      demo: { word: string; tiles: readonly [number, number, number, number] };
    };
    embed: { open: string; intro: string; theme: string; followReader: string; light: string; dark: string; snippet: string; copy: string; copied: string; copyByHand: string; close: string };
  };
  letters: (n: number) => string;
  /** Issue 27, what brings players back: offline, streak freezes, achievements, reminders. */
  comeback: {
    offlineToday: string;
    offlinePractice: string;
    offlineArchive: string;
    freezes: (n: number) => string;
    freezeRule: string;
    frozenDay: string;
    achievementsHeading: string;
    earnedOn: (date: string) => string;
    notYet: string;
    /** The results card's line of achievements earned in this round. */
    earnedNow: (names: string) => string;
    achievements: Record<AchievementId, { name: string; rule: string }>;
    reminders: {
      heading: string;
      intro: string;
      hour: string;
      turnOn: string;
      turnOff: string;
      on: (hour: string) => string;
      off: string;
      unsupported: string;
      denied: string;
      failed: (reason: string) => string;
    };
  };
  /** Issue 27 (rough edges): the page frame (header, footer, theme button) and the spoken clock. */
  frame: {
    mainNav: string;
    tagline: string;
    rulesLink: string;
    /** The footer's link to /privacy. */
    privacyLink: string;
    /** The theme button names the theme it switches to. */
    themeTo: { light: string; dark: string; contrast: string };
  };
  /** Issue 27: what the game says when something fails (the network, the word list, the server). */
  trouble: {
    /** Words found offline or refused for now, still to be sent. */
    wordsWaiting: (n: number) => string;
    lexiconServerJudges: string;
    notRecordedForLeaderboard: (word: string) => string;
    loadingLexicon: string;
    lexiconFailed: string;
    checking: (word: string) => string;
    notRecorded: (word: string, reason: string) => string;
    solutionNotYet: (reason: string) => string;
    noPuzzle: string;
    puzzleFailed: (reason: string) => string;
    shareCopied: string;
    shareManual: string;
    nameEmpty: string;
    nameSaving: string;
    nameSaved: (name: string) => string;
    nameRefused: (reason: string) => string;
  };
  /** Issue 41: "Your data" on /stats (YourData.astro, islands/account/your-data.ts) and the privacy page's chrome. */
  yourData: {
    heading: string;
    intro: string;
    /** What is kept, why and for how long: one line each (the privacy page says the same). */
    kept: readonly string[];
    addressNote: string;
    privacyLink: string;
    download: string;
    downloading: string;
    downloaded: string;
    deleteHeading: string;
    deleteWarning: string;
    deleteCheck: string;
    deleteButton: string;
    deleting: string;
    /** No player in this browser: nothing to download or delete. */
    noPlayer: string;
    passkeyNeeded: string;
    deleted: string;
    failed: (reason: string) => string;
    /** How a deleted player's round is named on a leaderboard. */
    deletedPlayer: string;
    privacyTitle: string;
  };
  /** Issue 39: the pages beyond the daily board, in every language (LeaderboardPage.astro, ArchivePage.astro, NotFoundPage.astro). */
  pages: {
    /** The offer on the English home to a browser that prefers another language, in that language. */
    languageOffer: { text: string; go: string; dismiss: string };
    notFound: { title: string; heading: string; lead: string };
    archive: {
      title: string;
      heading: string;
      intro: string;
      loading: string;
      caption: string;
      date: string;
      words: string;
      points: string;
      played: string;
      more: string;
      today: (date: string) => string;
      done: string;
      none: string;
      failed: (reason: string) => string;
    };
    leaderboard: {
      order: { before: string; link: string; after: string };
      leagues: { link: string; after: string };
      reportHint: string;
      fairPlay: string;
      dateLabel: string;
      show: string;
      loading: string;
      caption: string;
      rank: string;
      player: string;
      score: string;
      words: string;
      previous: string;
      next: string;
      reviewHeading: string;
      reviewIntro: string;
      reviewCaption: string;
      nameHeading: string;
      nameLabel: string;
      saveName: string;
      /** "12 players ranked." */
      ranked: (players: number) => string;
      none: string;
      noPuzzle: string;
      failed: (reason: string) => string;
      /** How old the cached page is: "updated 5 seconds ago" (the time said by Intl.RelativeTimeFormat). */
      updated: (ago: string) => string;
      /** A player without a name of their own, by the code the server gives ("Player 1A2B"). */
      defaultName: (code: string) => string;
      you: string;
      yourStanding: (rank: number, total: number, score: number, percentile: number) => string;
      yourReview: (score: number, reason: string) => string;
      playToAppear: string;
      provisional: Readonly<Record<"picks" | "new" | "jump", string>>;
      solverLike: string;
      provisionalMark: string;
      queued: string;
      queuedTitle: string;
      report: {
        round: string;
        name: string;
        roundLabel: (name: string) => string;
        nameLabel: (name: string) => string;
        roundWhat: (name: string) => string;
        nameWhat: (name: string) => string;
        done: string;
        sent: (what: string) => string;
        already: (what: string) => string;
        reviewed: (what: string) => string;
        notSent: (reason: string) => string;
      };
    };
  };
  /** Why a request failed, by the API's error code (core/error-reason.ts: pages other than English). */
  apiErrors: Readonly<Record<ApiErrorCode, string>>;
  secondsLeft: (n: number) => string;
  /** Issue 27: the badge after a bonus word's verdict ("ALEE +1 bonus word"). */
  bonusVerdict: string;
  /** A board tile's name for screen readers: its place, then what it holds. */
  tile: { place: (row: number, col: number) => string; hidden: string; blank: string; letter: (face: string) => string; letters: (face: string) => string };
}

/** The walkthrough's 3x3 demo board, row by row: each language traces a word of its own on it. */
export const ONBOARDING_BOARD = "CAEORTSSN";

/** The noun's form for a count by the language's plural rules (French says "0 mot", "1,5 point"). */
export function plural(lang: string, n: number, one: string, many: string): string {
  return new Intl.PluralRules(lang).select(n) === "one" ? one : many;
}

/** A language's `count`: "1 word", "2 words", "1,200 words" ("1 200 mots"): the number as the language writes it, the noun by its plural rules. */
export const plurals = (lang: string) => {
  const number = new Intl.NumberFormat(lang);
  return (one: string, many: string) => (n: number) => `${number.format(n)} ${plural(lang, n, one, many)}`;
};

/** "1 word", "2 words": a count with its noun (English). */
export const count = plurals("en");

/** The "top N%" of a standing: never 0. */
export function topPercent(rank: number, total: number): number {
  return Math.max(1, Math.ceil((rank / total) * 100));
}
