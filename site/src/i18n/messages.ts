// The interface's words in each language of the daily boards: the page frame and the daily game
// (its markup, its statuses and its verdicts). A page's language is its <html lang>: /fr, /es and
// /de are French, Spanish and German throughout; other pages are English (a past French board at
// /play/DATE?lang=fr keeps English around a board marked lang="fr"). No framework: a typed
// object per language, so a missing message is a type error, and functions where a number or a
// word goes into the sentence.
import type { LanguageCode } from "../../../shared/languages.ts";

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
  /** The rank ladder's names, lowest first (shared/ranks.ts's order). */
  rankNames: readonly string[];
  /** The score's split when bonus words count: "40 + 6 bonus". */
  bonusSum: (everyday: number, bonus: number) => string;
  /** A found word's tooltip: its points, and whether it is a bonus word. */
  wordPoints: (points: number, bonus: boolean) => string;
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
    provisional: Readonly<Record<"new" | "jump", string>>;
    offline: string;
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
      /** The rules as HTML (our own text): the third names the round's length in a span game.ts keeps right. */
      rules: readonly [string, string, (length: string) => string];
      practice: string;
      close: string;
      /** A word of the language on the demo board (ONBOARDING_BOARD) and its tiles, 0-8 row by row. */
      demo: { word: string; tiles: readonly [number, number, number, number] };
    };
    embed: { open: string; intro: string; theme: string; followReader: string; light: string; dark: string; snippet: string; copy: string; copied: string; copyByHand: string; close: string };
  };
  letters: (n: number) => string;
}

/** The walkthrough's 3x3 demo board, row by row: each language traces a word of its own on it. */
export const ONBOARDING_BOARD = "CAEORTSSN";

const count = (one: string, many: string) => (n: number) => `${n} ${n === 1 ? one : many}`;

const en: Messages = {
  skipLink: "Skip to the content",
  nav: { today: "Today", archive: "Archive", leaderboard: "Leaderboard", practice: "Practice", together: "Play together", stats: "Stats", howTo: "How to play" },
  languagePicker: "Language",
  boardLanguage: "English board",
  loading: "Loading today's puzzle…",
  score: "Score",
  timeLeft: "Time left",
  start: (length) => `Start the ${length} round`,
  roundLength: (seconds) => (seconds % 60 === 0 ? `${seconds / 60}-minute` : `${seconds}-second`),
  words: count("word", "words"),
  points: count("point", "points"),
  rank: "rank",
  everydayPoints: "Everyday points of the board's",
  everydayFound: "Everyday words found:",
  wordsFound: "Words found",
  wordsFoundList: "Words found (longest first)",
  share: "Share result",
  yourResult: "Your result",
  showSolution: "Show the solution",
  ranks: "Ranks",
  rankLadder: "Rank ladder (points needed)",
  hints: "Hints",
  hintGrid: "Words left by length",
  hintStarts: "First two letters",
  letterBoard: "Letter board",
  word: "Word",
  wordPlaceholder: "Type or trace a word",
  enter: "Enter",
  clear: "Clear",
  status: {
    readyToday: (length) => `One ranked ${length} round per day. The board is revealed when you start.`,
    readyPast: "A past puzzle: play it as long as you like; it doesn't count for the leaderboard.",
    round: "Ranked round in progress: every word counts for the leaderboard.",
    afterRound: (points, words) => `Time's up! Ranked result: ${en.points(points)}, ${en.words(words)}. Keep going in free play toward the computer's total.`,
    free: "Free play: find as many words as you can.",
  },
  playPast: "Play this puzzle (unranked)",
  go: "Go! The round has started.",
  goFree: "Go! Find as many words as you can.",
  timeUp: "Time's up!",
  roundOver: "Round over",
  roundFailed: (reason) => `The round could not start: ${reason}`,
  verdict: {
    "too-short": (word, min) => `Too short: ${word} (words need at least ${min} letters)`,
    "not-a-word": (word) => `Not a word: ${word} is not in the word list`,
    "not-on-board": (word) => `Not on the board: ${word} can't be traced here`,
    duplicate: (word) => `Already found: ${word}`,
    late: (word) => `Too late for the ranked round: ${word} counts as free play`,
  },
  rankNames: ["Warm-up", "Good start", "Moving up", "Good", "Solid", "Nice", "Great", "Amazing", "Genius", "Lexicon"],
  topRank: "Top rank!",
  bonusSum: (everyday, bonus) => `${everyday} + ${bonus} bonus`,
  wordPoints: (points, bonus) => `${en.points(points)}${bonus ? " (bonus word)" : ""}`,
  nextPuzzle: (duration) => `Next puzzle in ${duration}`,
  newPuzzle: "A new puzzle is out: reload the page.",
  toNextRank: (points) => `${points} more everyday ${points === 1 ? "point" : "points"} to the next rank`,
  of: (part, whole) => `${part} of ${whole}`,
  rankedScore: (points) => `Ranked: ${points}`,
  progressLine: (words, points, total, bonus, rank) => `${en.words(words)} · ${en.points(points)} of ${total}${bonus > 0 ? ` + ${bonus} bonus` : ""} · ${rank}`,
  results: {
    title: (number) => `Tumbleword #${number}: your result`,
    close: "Close",
    points: (score, bonus) => `${score === 1 ? "point" : "points"}${bonus > 0 ? ` (${bonus} bonus)` : ""}`,
    rankStep: (rank, of) => `rank ${rank} of ${of}`,
    ladder: "Rank ladder",
    standing: "Standing",
    longest: "Longest word",
    missed: "Best word missed",
    hints: "Hints",
    none: "none",
    allFound: "none: you found them all",
    players: (n) => `${n} ${n === 1 ? "player" : "players"} so far`,
    place: (rank, total) => (total <= 1 ? "first player today" : total < 10 ? `#${rank} of ${total} players` : `#${rank} of ${total} · top ${topPercent(rank, total)}%`),
    underReview: (reason) => `under fair-play review: ${reason}`,
    provisional: { new: "provisional until you have played a few days", jump: "provisional: far above your best so far" },
    offline: "not available offline",
    byLength: (parts) => `By length: ${parts.map(([n, count]) => `${n} letters ×${count}`).join(" · ")}`,
    noWords: "No words this time.",
    share: "Share",
    seeSolution: "See the solution",
    nameLabel: "Your name on the leaderboard",
    namePlaceholder: "up to 20 characters",
    save: "Save",
    skip: "Skip",
    copyLabel: "Your result to copy",
  },
  hintsLeft: (left, total) => `${left} of ${total} everyday words left`,
  hintGridCaption: "Everyday words left by first letter (rows) and length (columns)",
  hintStartsLabel: "First two letters of the words left, with counts",
  hintNames: { grid: "word counts", starts: "first two letters" },
  solution: {
    heading: "Solution",
    intro: "Missed common words first. Tap a word for its path and meaning; tap a tile to list the words through it.",
    boardLabel: "Solution board",
    pick: "Select a word to see its path and meaning.",
    summary: (words, points, found) => `Solution: ${en.words(words)}, ${en.points(points)} (you found ${found})`,
    meta: (points, common, share, you) => [`${points} ${points === 1 ? "pt" : "pts"}`, common ? "common" : "", `${share}% found it`, you ? "you too" : ""].filter(Boolean).join(" · "),
    englishOnly: (language) => `Definitions are in English only: no freely licensed ${language} dictionary with definitions is available to us yet.`,
    lookingUp: "Looking up the definition…",
    definitionsFailed: "Definitions could not be loaded (offline?). Try again later.",
    throughTile: (words, face, row, column) => `${en.words(words)} through ${face} (row ${row}, column ${column}), longest first:`,
  },
  home: {
    leaderboard: "Today's leaderboard",
    streak: (days) => `🔥 ${days}-day streak · `,
    yourStats: "your stats",
    passkey: { before: "Played on another device? ", link: "Sign in with a passkey", after: " to bring your streak here." },
    onboarding: {
      open: "How it works",
      title: "How Tumbleword works",
      rules: [
        "<strong>Drag</strong> through touching tiles (sideways, up, down or diagonally) to spell a word, or type it.",
        "Each tile once per word, <strong>3 letters</strong> or more; <strong>Qu</strong> is one tile (type just <kbd>q</kbd>).",
        (length) => `Longer words score more. <strong>One ranked <span data-round-length>${length}</span> round</strong> a day, then play on for fun.`,
      ],
      practice: "Warm up on a practice board",
      close: "Got it: today's board",
      demo: { word: "CATS", tiles: [0, 1, 5, 7] },
    },
    embed: {
      open: "Embed this board",
      intro: "Paste this where the board should appear on your site. It shows today's puzzle, playable in place.",
      theme: "Theme",
      followReader: "Follow the reader's setting",
      light: "Light",
      dark: "Dark",
      snippet: "Snippet",
      copy: "Copy",
      copied: "Copied.",
      copyByHand: "Press Ctrl+C (or Cmd+C) to copy the selected snippet.",
      close: "Close",
    },
  },
  letters: (n) => `${n} letters`,
};

const fr: Messages = {
  skipLink: "Aller au contenu",
  nav: { today: "Aujourd'hui", archive: "Archives", leaderboard: "Classement", practice: "Entraînement", together: "Jouer ensemble", stats: "Statistiques", howTo: "Règles" },
  languagePicker: "Langue",
  boardLanguage: "Grille en français",
  loading: "Chargement de la grille du jour…",
  score: "Score",
  timeLeft: "Temps restant",
  start: (length) => `Lancer la manche de ${length}`,
  roundLength: (seconds) => (seconds % 60 === 0 ? `${seconds / 60} minutes` : `${seconds} secondes`),
  words: count("mot", "mots"),
  points: count("point", "points"),
  rank: "rang",
  everydayPoints: "Points des mots courants de la grille :",
  everydayFound: "Mots courants trouvés :",
  wordsFound: "Mots trouvés",
  wordsFoundList: "Mots trouvés (les plus longs d'abord)",
  share: "Partager le résultat",
  yourResult: "Votre résultat",
  showSolution: "Voir la solution",
  ranks: "Rangs",
  rankLadder: "Échelle des rangs (points nécessaires)",
  hints: "Indices",
  hintGrid: "Mots restants par longueur",
  hintStarts: "Deux premières lettres",
  letterBoard: "Grille de lettres",
  word: "Mot",
  wordPlaceholder: "Tapez ou tracez un mot",
  enter: "Valider",
  clear: "Effacer",
  status: {
    readyToday: (length) => `Une manche classée de ${length} par jour. La grille apparaît quand vous commencez.`,
    readyPast: "Une grille passée : jouez aussi longtemps que vous voulez ; elle ne compte pas pour le classement.",
    round: "Manche classée en cours : chaque mot compte pour le classement.",
    afterRound: (points, words) => `Temps écoulé ! Résultat classé : ${fr.points(points)}, ${fr.words(words)}. Continuez en jeu libre vers le total de l'ordinateur.`,
    free: "Jeu libre : trouvez autant de mots que possible.",
  },
  playPast: "Jouer cette grille (non classée)",
  go: "C'est parti ! La manche a commencé.",
  goFree: "C'est parti ! Trouvez autant de mots que possible.",
  timeUp: "Temps écoulé !",
  roundOver: "Manche terminée",
  roundFailed: (reason) => `La manche n'a pas pu commencer : ${reason}`,
  verdict: {
    "too-short": (word, min) => `Trop court : ${word} (au moins ${min} lettres)`,
    "not-a-word": (word) => `Pas un mot : ${word} n'est pas dans la liste`,
    "not-on-board": (word) => `Pas sur la grille : ${word} ne peut pas être tracé ici`,
    duplicate: (word) => `Déjà trouvé : ${word}`,
    late: (word) => `Trop tard pour la manche classée : ${word} compte en jeu libre`,
  },
  rankNames: ["Échauffement", "Bon début", "En progrès", "Bien", "Solide", "Joli", "Très bien", "Épatant", "Génie", "Dictionnaire"],
  topRank: "Rang maximal !",
  bonusSum: (everyday, bonus) => `${everyday} + ${bonus} bonus`,
  wordPoints: (points, bonus) => `${fr.points(points)}${bonus ? " (mot bonus)" : ""}`,
  nextPuzzle: (duration) => `Prochaine grille dans ${duration}`,
  newPuzzle: "Une nouvelle grille est sortie : rechargez la page.",
  toNextRank: (points) => `Encore ${points} ${points === 1 ? "point" : "points"} de mots courants pour le rang suivant`,
  of: (part, whole) => `${part} sur ${whole}`,
  rankedScore: (points) => `Classé : ${points}`,
  progressLine: (words, points, total, bonus, rank) => `${fr.words(words)} · ${fr.points(points)} sur ${total}${bonus > 0 ? ` + ${bonus} bonus` : ""} · ${rank}`,
  results: {
    title: (number) => `Tumbleword n° ${number} : votre résultat`,
    close: "Fermer",
    points: (score, bonus) => `${score === 1 ? "point" : "points"}${bonus > 0 ? ` (${bonus} bonus)` : ""}`,
    rankStep: (rank, of) => `rang ${rank} sur ${of}`,
    ladder: "Échelle des rangs",
    standing: "Classement",
    longest: "Mot le plus long",
    missed: "Meilleur mot manqué",
    hints: "Indices",
    none: "aucun",
    allFound: "aucun : vous les avez tous trouvés",
    players: (n) => `${n} ${n === 1 ? "joueur" : "joueurs"} pour l'instant`,
    place: (rank, total) => (total <= 1 ? "premier joueur du jour" : total < 10 ? `n° ${rank} sur ${total} joueurs` : `n° ${rank} sur ${total} · top ${topPercent(rank, total)} %`),
    underReview: (reason) => `en cours de vérification : ${reason}`,
    provisional: { new: "provisoire jusqu'à quelques jours de jeu", jump: "provisoire : bien au-dessus de votre record" },
    offline: "indisponible hors ligne",
    byLength: (parts) => `Par longueur : ${parts.map(([n, count]) => `${n} lettres ×${count}`).join(" · ")}`,
    noWords: "Aucun mot cette fois.",
    share: "Partager",
    seeSolution: "Voir la solution",
    nameLabel: "Votre nom au classement",
    namePlaceholder: "20 caractères au plus",
    save: "Enregistrer",
    skip: "Passer",
    copyLabel: "Votre résultat à copier",
  },
  hintsLeft: (left, total) => `${left} mots courants restants sur ${total}`,
  hintGridCaption: "Mots courants restants par première lettre (lignes) et longueur (colonnes)",
  hintStartsLabel: "Deux premières lettres des mots restants, avec leur nombre",
  hintNames: { grid: "nombre de mots", starts: "deux premières lettres" },
  solution: {
    heading: "Solution",
    intro: "Les mots courants manqués d'abord. Touchez un mot pour voir son chemin ; touchez une case pour lister les mots qui y passent.",
    boardLabel: "Grille de la solution",
    pick: "Choisissez un mot pour voir son chemin.",
    summary: (words, points, found) => `Solution : ${fr.words(words)}, ${fr.points(points)} (vous en avez trouvé ${found})`,
    meta: (points, common, share, you) => [`${points} pt${points === 1 ? "" : "s"}`, common ? "courant" : "", `trouvé par ${share} %`, you ? "vous aussi" : ""].filter(Boolean).join(" · "),
    englishOnly: () => "Les définitions n'existent qu'en anglais : aucun dictionnaire de définitions sous licence libre ne nous est encore accessible dans cette langue.",
    lookingUp: "Recherche de la définition…",
    definitionsFailed: "Les définitions n'ont pas pu être chargées (hors ligne ?). Réessayez plus tard.",
    throughTile: (words, face, row, column) => `${fr.words(words)} par ${face} (ligne ${row}, colonne ${column}), les plus longs d'abord :`,
  },
  home: {
    leaderboard: "Classement du jour",
    streak: (days) => `🔥 ${days} ${days === 1 ? "jour" : "jours"} d'affilée · `,
    yourStats: "vos statistiques",
    passkey: { before: "Vous avez joué sur un autre appareil ? ", link: "Connectez-vous avec une clé d'accès", after: " pour retrouver votre série ici." },
    onboarding: {
      open: "Comment jouer",
      title: "Comment jouer à Tumbleword",
      rules: [
        "<strong>Glissez</strong> d'une case à une case voisine (à côté, au-dessus, au-dessous ou en diagonale) pour former un mot, ou tapez-le.",
        "Chaque case une fois par mot, <strong>3 lettres</strong> ou plus ; <strong>Qu</strong> est une seule case (tapez juste <kbd>q</kbd>). Les accents sont facultatifs.",
        (length) => `Les mots longs rapportent plus. <strong>Une manche classée de <span data-round-length>${length}</span></strong> par jour, puis jouez librement.`,
      ],
      practice: "S'échauffer sur une grille d'entraînement",
      close: "Compris : la grille du jour",
      demo: { word: "RATS", tiles: [4, 1, 5, 7] },
    },
    embed: {
      open: "Intégrer cette grille",
      intro: "Collez ceci là où la grille doit apparaître sur votre site. Elle montre la grille française du jour, jouable sur place.",
      theme: "Thème",
      followReader: "Celui du lecteur",
      light: "Clair",
      dark: "Sombre",
      snippet: "Code",
      copy: "Copier",
      copied: "Copié.",
      copyByHand: "Appuyez sur Ctrl+C (ou Cmd+C) pour copier le code sélectionné.",
      close: "Fermer",
    },
  },
  letters: (n) => `${n} lettres`,
};

const es: Messages = {
  skipLink: "Ir al contenido",
  nav: { today: "Hoy", archive: "Archivo", leaderboard: "Clasificación", practice: "Práctica", together: "Jugar juntos", stats: "Estadísticas", howTo: "Cómo jugar" },
  languagePicker: "Idioma",
  boardLanguage: "Tablero en español",
  loading: "Cargando el tablero de hoy…",
  score: "Puntos",
  timeLeft: "Tiempo restante",
  start: (length) => `Empezar la ronda de ${length}`,
  roundLength: (seconds) => (seconds % 60 === 0 ? `${seconds / 60} minutos` : `${seconds} segundos`),
  words: count("palabra", "palabras"),
  points: count("punto", "puntos"),
  rank: "rango",
  everydayPoints: "Puntos de las palabras comunes del tablero:",
  everydayFound: "Palabras comunes encontradas:",
  wordsFound: "Palabras encontradas",
  wordsFoundList: "Palabras encontradas (las más largas primero)",
  share: "Compartir el resultado",
  yourResult: "Tu resultado",
  showSolution: "Ver la solución",
  ranks: "Rangos",
  rankLadder: "Escala de rangos (puntos necesarios)",
  hints: "Pistas",
  hintGrid: "Palabras que faltan por longitud",
  hintStarts: "Primeras dos letras",
  letterBoard: "Tablero de letras",
  word: "Palabra",
  wordPlaceholder: "Escribe o traza una palabra",
  enter: "Enviar",
  clear: "Borrar",
  status: {
    readyToday: (length) => `Una ronda clasificada de ${length} al día. El tablero se muestra al empezar.`,
    readyPast: "Un tablero pasado: juega cuanto quieras; no cuenta para la clasificación.",
    round: "Ronda clasificada en curso: cada palabra cuenta para la clasificación.",
    afterRound: (points, words) => `¡Se acabó el tiempo! Resultado clasificado: ${es.points(points)}, ${es.words(words)}. Sigue en juego libre hacia el total del ordenador.`,
    free: "Juego libre: encuentra tantas palabras como puedas.",
  },
  playPast: "Jugar este tablero (sin clasificar)",
  go: "¡Adelante! La ronda ha empezado.",
  goFree: "¡Adelante! Encuentra tantas palabras como puedas.",
  timeUp: "¡Se acabó el tiempo!",
  roundOver: "Ronda terminada",
  roundFailed: (reason) => `La ronda no pudo empezar: ${reason}`,
  verdict: {
    "too-short": (word, min) => `Demasiado corta: ${word} (al menos ${min} letras)`,
    "not-a-word": (word) => `No es una palabra: ${word} no está en la lista`,
    "not-on-board": (word) => `No está en el tablero: ${word} no se puede trazar aquí`,
    duplicate: (word) => `Ya encontrada: ${word}`,
    late: (word) => `Demasiado tarde para la ronda clasificada: ${word} cuenta como juego libre`,
  },
  rankNames: ["Calentando", "Buen comienzo", "Avanzando", "Bien", "Sólido", "Muy bien", "Genial", "Asombroso", "Genio", "Diccionario"],
  topRank: "¡Rango máximo!",
  bonusSum: (everyday, bonus) => `${everyday} + ${bonus} extra`,
  wordPoints: (points, bonus) => `${es.points(points)}${bonus ? " (palabra extra)" : ""}`,
  nextPuzzle: (duration) => `Próximo tablero en ${duration}`,
  newPuzzle: "Hay un tablero nuevo: recarga la página.",
  toNextRank: (points) => `${points} ${points === 1 ? "punto" : "puntos"} de palabras comunes más para el siguiente rango`,
  of: (part, whole) => `${part} de ${whole}`,
  rankedScore: (points) => `Clasificado: ${points}`,
  progressLine: (words, points, total, bonus, rank) => `${es.words(words)} · ${es.points(points)} de ${total}${bonus > 0 ? ` + ${bonus} extra` : ""} · ${rank}`,
  results: {
    title: (number) => `Tumbleword n.º ${number}: tu resultado`,
    close: "Cerrar",
    points: (score, bonus) => `${score === 1 ? "punto" : "puntos"}${bonus > 0 ? ` (${bonus} extra)` : ""}`,
    rankStep: (rank, of) => `rango ${rank} de ${of}`,
    ladder: "Escala de rangos",
    standing: "Posición",
    longest: "Palabra más larga",
    missed: "Mejor palabra perdida",
    hints: "Pistas",
    none: "ninguna",
    allFound: "ninguna: las encontraste todas",
    players: (n) => `${n} ${n === 1 ? "jugador" : "jugadores"} por ahora`,
    place: (rank, total) => (total <= 1 ? "primer jugador del día" : total < 10 ? `n.º ${rank} de ${total} jugadores` : `n.º ${rank} de ${total} · top ${topPercent(rank, total)} %`),
    underReview: (reason) => `en revisión de juego limpio: ${reason}`,
    provisional: { new: "provisional hasta que juegues unos días", jump: "provisional: muy por encima de tu mejor marca" },
    offline: "no disponible sin conexión",
    byLength: (parts) => `Por longitud: ${parts.map(([n, count]) => `${n} letras ×${count}`).join(" · ")}`,
    noWords: "Ninguna palabra esta vez.",
    share: "Compartir",
    seeSolution: "Ver la solución",
    nameLabel: "Tu nombre en la clasificación",
    namePlaceholder: "hasta 20 caracteres",
    save: "Guardar",
    skip: "Omitir",
    copyLabel: "Tu resultado para copiar",
  },
  hintsLeft: (left, total) => `Quedan ${left} de ${total} palabras comunes`,
  hintGridCaption: "Palabras comunes que quedan por primera letra (filas) y longitud (columnas)",
  hintStartsLabel: "Primeras dos letras de las palabras que quedan, con su número",
  hintNames: { grid: "número de palabras", starts: "primeras dos letras" },
  solution: {
    heading: "Solución",
    intro: "Primero las palabras comunes que faltaron. Toca una palabra para ver su camino; toca una casilla para ver las palabras que pasan por ella.",
    boardLabel: "Tablero de la solución",
    pick: "Elige una palabra para ver su camino.",
    summary: (words, points, found) => `Solución: ${es.words(words)}, ${es.points(points)} (encontraste ${found})`,
    meta: (points, common, share, you) => [`${points} pt${points === 1 ? "" : "s"}`, common ? "común" : "", `la encontró el ${share} %`, you ? "tú también" : ""].filter(Boolean).join(" · "),
    englishOnly: () => "Las definiciones solo están en inglés: aún no tenemos un diccionario de definiciones con licencia libre en este idioma.",
    lookingUp: "Buscando la definición…",
    definitionsFailed: "No se pudieron cargar las definiciones (¿sin conexión?). Inténtalo más tarde.",
    throughTile: (words, face, row, column) => `${es.words(words)} por ${face} (fila ${row}, columna ${column}), las más largas primero:`,
  },
  home: {
    leaderboard: "Clasificación de hoy",
    streak: (days) => `🔥 ${days} ${days === 1 ? "día" : "días"} seguidos · `,
    yourStats: "tus estadísticas",
    passkey: { before: "¿Jugaste en otro dispositivo? ", link: "Inicia sesión con una llave de acceso", after: " para traer tu racha aquí." },
    onboarding: {
      open: "Cómo se juega",
      title: "Cómo se juega a Tumbleword",
      rules: [
        "<strong>Arrastra</strong> por casillas vecinas (al lado, arriba, abajo o en diagonal) para formar una palabra, o escríbela.",
        "Cada casilla una vez por palabra, <strong>3 letras</strong> o más; <strong>Qu</strong> es una sola casilla (escribe solo <kbd>q</kbd>). La Ñ tiene su propia cara; las tildes son opcionales.",
        (length) => `Las palabras largas puntúan más. <strong>Una ronda clasificada de <span data-round-length>${length}</span></strong> al día, y luego juega libremente.`,
      ],
      practice: "Calentar en un tablero de práctica",
      close: "Entendido: el tablero de hoy",
      demo: { word: "ROCA", tiles: [4, 3, 0, 1] },
    },
    embed: {
      open: "Insertar este tablero",
      intro: "Pega esto donde deba aparecer el tablero en tu sitio. Muestra el tablero español de hoy, jugable ahí mismo.",
      theme: "Tema",
      followReader: "El del lector",
      light: "Claro",
      dark: "Oscuro",
      snippet: "Código",
      copy: "Copiar",
      copied: "Copiado.",
      copyByHand: "Pulsa Ctrl+C (o Cmd+C) para copiar el código seleccionado.",
      close: "Cerrar",
    },
  },
  letters: (n) => `${n} letras`,
};

const de: Messages = {
  skipLink: "Zum Inhalt springen",
  nav: { today: "Heute", archive: "Archiv", leaderboard: "Bestenliste", practice: "Üben", together: "Zusammen spielen", stats: "Statistik", howTo: "Spielregeln" },
  languagePicker: "Sprache",
  boardLanguage: "Deutsches Spielfeld",
  loading: "Das heutige Rätsel wird geladen…",
  score: "Punkte",
  timeLeft: "Verbleibende Zeit",
  start: (length) => `Die ${length} Runde starten`,
  roundLength: (seconds) => (seconds % 60 === 0 ? `${seconds / 60}-minütige` : `${seconds}-sekündige`),
  words: count("Wort", "Wörter"),
  points: count("Punkt", "Punkte"),
  rank: "Rang",
  everydayPoints: "Punkte der Alltagswörter des Spielfelds:",
  everydayFound: "Gefundene Alltagswörter:",
  wordsFound: "Gefundene Wörter",
  wordsFoundList: "Gefundene Wörter (die längsten zuerst)",
  share: "Ergebnis teilen",
  yourResult: "Dein Ergebnis",
  showSolution: "Lösung zeigen",
  ranks: "Ränge",
  rankLadder: "Rangleiter (benötigte Punkte)",
  hints: "Tipps",
  hintGrid: "Übrige Wörter nach Länge",
  hintStarts: "Die ersten zwei Buchstaben",
  letterBoard: "Buchstabenfeld",
  word: "Wort",
  wordPlaceholder: "Wort tippen oder ziehen",
  enter: "Eingabe",
  clear: "Löschen",
  status: {
    readyToday: (length) => `Eine gewertete ${length} Runde pro Tag. Das Spielfeld erscheint beim Start.`,
    readyPast: "Ein vergangenes Rätsel: Spiel so lange du willst; es zählt nicht für die Bestenliste.",
    round: "Gewertete Runde läuft: Jedes Wort zählt für die Bestenliste.",
    afterRound: (points, words) => `Die Zeit ist um! Gewertetes Ergebnis: ${de.points(points)}, ${de.words(words)}. Spiel frei weiter bis zur Summe des Computers.`,
    free: "Freies Spiel: Finde so viele Wörter wie möglich.",
  },
  playPast: "Dieses Rätsel spielen (ungewertet)",
  go: "Los! Die Runde hat begonnen.",
  goFree: "Los! Finde so viele Wörter wie möglich.",
  timeUp: "Die Zeit ist um!",
  roundOver: "Runde vorbei",
  roundFailed: (reason) => `Die Runde konnte nicht starten: ${reason}`,
  verdict: {
    "too-short": (word, min) => `Zu kurz: ${word} (mindestens ${min} Buchstaben)`,
    "not-a-word": (word) => `Kein Wort: ${word} steht nicht in der Wortliste`,
    "not-on-board": (word) => `Nicht auf dem Feld: ${word} lässt sich hier nicht ziehen`,
    duplicate: (word) => `Schon gefunden: ${word}`,
    late: (word) => `Zu spät für die gewertete Runde: ${word} zählt als freies Spiel`,
  },
  rankNames: ["Aufwärmen", "Guter Anfang", "Es geht voran", "Gut", "Solide", "Schön", "Großartig", "Erstaunlich", "Genie", "Wörterbuch"],
  topRank: "Höchster Rang!",
  bonusSum: (everyday, bonus) => `${everyday} + ${bonus} Bonus`,
  wordPoints: (points, bonus) => `${de.points(points)}${bonus ? " (Bonuswort)" : ""}`,
  nextPuzzle: (duration) => `Nächstes Rätsel in ${duration}`,
  newPuzzle: "Ein neues Rätsel ist da: lade die Seite neu.",
  toNextRank: (points) => `Noch ${points} ${points === 1 ? "Punkt" : "Punkte"} mit Alltagswörtern bis zum nächsten Rang`,
  of: (part, whole) => `${part} von ${whole}`,
  rankedScore: (points) => `Gewertet: ${points}`,
  progressLine: (words, points, total, bonus, rank) => `${de.words(words)} · ${de.points(points)} von ${total}${bonus > 0 ? ` + ${bonus} Bonus` : ""} · ${rank}`,
  results: {
    title: (number) => `Tumbleword Nr. ${number}: dein Ergebnis`,
    close: "Schließen",
    points: (score, bonus) => `${score === 1 ? "Punkt" : "Punkte"}${bonus > 0 ? ` (${bonus} Bonus)` : ""}`,
    rankStep: (rank, of) => `Rang ${rank} von ${of}`,
    ladder: "Rangleiter",
    standing: "Platzierung",
    longest: "Längstes Wort",
    missed: "Bestes verpasstes Wort",
    hints: "Tipps",
    none: "keins",
    allFound: "keins: du hast alle gefunden",
    players: (n) => `bisher ${n} ${n === 1 ? "Spieler" : "Spieler"}`,
    place: (rank, total) => (total <= 1 ? "heute als Erste:r gespielt" : total < 10 ? `Platz ${rank} von ${total} Spielern` : `Platz ${rank} von ${total} · Top ${topPercent(rank, total)} %`),
    underReview: (reason) => `wird auf Fairness geprüft: ${reason}`,
    provisional: { new: "vorläufig, bis du ein paar Tage gespielt hast", jump: "vorläufig: weit über deinem bisherigen Bestwert" },
    offline: "offline nicht verfügbar",
    byLength: (parts) => `Nach Länge: ${parts.map(([n, count]) => `${n} Buchstaben ×${count}`).join(" · ")}`,
    noWords: "Diesmal keine Wörter.",
    share: "Teilen",
    seeSolution: "Lösung ansehen",
    nameLabel: "Dein Name in der Bestenliste",
    namePlaceholder: "bis zu 20 Zeichen",
    save: "Speichern",
    skip: "Überspringen",
    copyLabel: "Dein Ergebnis zum Kopieren",
  },
  hintsLeft: (left, total) => `Noch ${left} von ${total} Alltagswörtern`,
  hintGridCaption: "Verbleibende Alltagswörter nach Anfangsbuchstabe (Zeilen) und Länge (Spalten)",
  hintStartsLabel: "Die ersten zwei Buchstaben der verbleibenden Wörter, mit Anzahl",
  hintNames: { grid: "Wortanzahl", starts: "erste zwei Buchstaben" },
  solution: {
    heading: "Lösung",
    intro: "Verpasste Alltagswörter zuerst. Tippe auf ein Wort für seinen Weg; tippe auf ein Feld für die Wörter, die es nutzen.",
    boardLabel: "Lösungsbrett",
    pick: "Wähle ein Wort, um seinen Weg zu sehen.",
    summary: (words, points, found) => `Lösung: ${de.words(words)}, ${de.points(points)} (du hast ${found} gefunden)`,
    meta: (points, common, share, you) => [`${points} P.`, common ? "Alltagswort" : "", `${share} % fanden es`, you ? "du auch" : ""].filter(Boolean).join(" · "),
    englishOnly: () => "Definitionen gibt es nur auf Englisch: Uns ist noch kein frei lizenziertes Wörterbuch mit Definitionen in dieser Sprache zugänglich.",
    lookingUp: "Definition wird gesucht…",
    definitionsFailed: "Die Definitionen konnten nicht geladen werden (offline?). Versuche es später noch einmal.",
    throughTile: (words, face, row, column) => `${de.words(words)} über ${face} (Zeile ${row}, Spalte ${column}), die längsten zuerst:`,
  },
  home: {
    leaderboard: "Heutige Bestenliste",
    streak: (days) => `🔥 ${days} ${days === 1 ? "Tag" : "Tage"} in Folge · `,
    yourStats: "deine Statistik",
    passkey: { before: "Auf einem anderen Gerät gespielt? ", link: "Melde dich mit einem Passkey an", after: ", um deine Serie hierher mitzunehmen." },
    onboarding: {
      open: "So geht's",
      title: "So funktioniert Tumbleword",
      rules: [
        "<strong>Ziehe</strong> über benachbarte Felder (seitlich, nach oben, unten oder diagonal), um ein Wort zu bilden, oder tippe es.",
        "Jedes Feld einmal pro Wort, <strong>3 Buchstaben</strong> oder mehr; <strong>Qu</strong> ist ein Feld (tippe nur <kbd>q</kbd>). Ä, Ö, Ü und ß stehen als AE, OE, UE und SS auf dem Brett.",
        (length) => `Längere Wörter bringen mehr Punkte. <strong>Eine gewertete <span data-round-length>${length}</span> Runde</strong> am Tag, danach freies Spiel.`,
      ],
      practice: "Auf einem Übungsbrett aufwärmen",
      close: "Verstanden: das heutige Brett",
      demo: { word: "ROST", tiles: [4, 3, 7, 5] },
    },
    embed: {
      open: "Dieses Brett einbetten",
      intro: "Füge dies dort ein, wo das Brett auf deiner Website erscheinen soll. Es zeigt das heutige deutsche Brett, direkt spielbar.",
      theme: "Design",
      followReader: "Wie beim Leser eingestellt",
      light: "Hell",
      dark: "Dunkel",
      snippet: "Code",
      copy: "Kopieren",
      copied: "Kopiert.",
      copyByHand: "Drücke Strg+C (oder Cmd+C), um den markierten Code zu kopieren.",
      close: "Schließen",
    },
  },
  letters: (n) => `${n} Buchstaben`,
};

/** The "top N%" of a standing: never 0. */
function topPercent(rank: number, total: number): number {
  return Math.max(1, Math.ceil((rank / total) * 100));
}

export const MESSAGES: Readonly<Record<LanguageCode, Messages>> = { en, fr, es, de };

/** The interface's language: the page's <html lang> when it is one of the catalogue's, else English. */
export function pageLanguage(): LanguageCode {
  // Read without the DOM's types: the catalogue is imported by Node tests too.
  const lang = (globalThis as { document?: { documentElement: { lang: string } } }).document?.documentElement.lang;
  return lang === "fr" || lang === "es" || lang === "de" ? lang : "en";
}

export function messages(lang: LanguageCode = pageLanguage()): Messages {
  return MESSAGES[lang];
}
