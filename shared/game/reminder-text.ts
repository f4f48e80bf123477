// The daily reminder's words (a Web Push notification the Worker sends: worker/reminders/
// reminders.ts), in the language of the page the player turned it on from.
import type { LanguageCode } from "../engine/index.ts";

export interface ReminderText {
  title: string;
  body: string;
}

/** The reminder for a player whose streak is `streak` days (0: none alive) and who has `freezes` banked. */
export function reminderText(lang: LanguageCode, streak: number, freezes: number): ReminderText {
  return TEXTS[lang](streak, freezes);
}

const TEXTS: Record<LanguageCode, (streak: number, freezes: number) => ReminderText> = {
  en: (streak, freezes) => ({
    title: streak > 0 ? `Your ${streak}-day streak is at risk` : "Today's Tumbleword is waiting",
    body:
      streak > 0
        ? `Play today's board before midnight UTC to keep it${freezes > 0 ? ` (a streak freeze would cover one missed day)` : ""}.`
        : "A new board to play: start a streak today.",
  }),
  fr: (streak, freezes) => ({
    title: streak > 0 ? `Votre série de ${streak} ${streak === 1 ? "jour" : "jours"} est en danger` : "Le Tumbleword du jour vous attend",
    body:
      streak > 0
        ? `Jouez la grille du jour avant minuit UTC pour la garder${freezes > 0 ? " (un gel de série couvrirait un jour manqué)" : ""}.`
        : "Une nouvelle grille à jouer : commencez une série aujourd'hui.",
  }),
  es: (streak, freezes) => ({
    title: streak > 0 ? `Tu racha de ${streak} ${streak === 1 ? "día" : "días"} está en peligro` : "El Tumbleword de hoy te espera",
    body:
      streak > 0
        ? `Juega el tablero de hoy antes de la medianoche UTC para mantenerla${freezes > 0 ? " (una congelación cubriría un día perdido)" : ""}.`
        : "Un tablero nuevo para jugar: empieza una racha hoy.",
  }),
  de: (streak, freezes) => ({
    title: streak > 0 ? `Deine Serie von ${streak} ${streak === 1 ? "Tag" : "Tagen"} ist in Gefahr` : "Das Tumbleword von heute wartet",
    body:
      streak > 0
        ? `Spiel das heutige Brett vor Mitternacht UTC, um sie zu halten${freezes > 0 ? " (ein Serienschutz würde einen verpassten Tag abdecken)" : ""}.`
        : "Ein neues Brett zum Spielen: Fang heute eine Serie an.",
  }),
};
