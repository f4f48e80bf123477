// The embed frame's own words (EmbedLink.astro, embed-identity.ts), in every board language: the
// panel that carries the site's player over, and the one-line notices about what the frame can
// keep. Kept apart from the site's catalogues: only the embed page needs them, and it is small.
import type { LanguageCode } from "#engine";
import { frenchSpacing, typeset } from "./typography.ts";

export interface FrameMessages {
  linkTitle: string;
  linkIntro: string;
  linkAccess: string;
  codeLabel: string;
  continue: string;
  checking: string;
  welcomeBack: (name: string) => string;
  linked: string;
  noPlayerHere: string;
  accessRefused: string;
  codeFailed: (reason: string) => string;
  tryAgain: string;
  /** Nothing can be kept: one line. */
  keepsNothing: string;
  playOnSite: string;
  /** The frame page's title, and its link to the whole game in a new tab. */
  pageTitle: string;
  fullGame: string;
}

export const FRAME_MESSAGES: Readonly<Record<LanguageCode, FrameMessages>> = {
  en: {
    linkTitle: "Played on Tumbleword before?",
    linkIntro: "Continue as yourself here: your round, name and streak carry over, and you won't play today's ranked round twice.",
    linkAccess: "Use my Tumbleword player",
    codeLabel: "Code from Tumbleword's Stats page",
    continue: "Continue",
    checking: "Checking the code…",
    welcomeBack: (name) => `Welcome back, ${name}!`,
    linked: "Linked: you continue as yourself.",
    noPlayerHere: "No Tumbleword player found in this browser: use a code from the Stats page instead.",
    accessRefused: "The browser didn't allow it: use a code from Tumbleword's Stats page instead.",
    codeFailed: (reason) => `That didn't work: ${reason}`,
    tryAgain: "That didn't work; try again.",
    keepsNothing: "This browser lets this frame keep nothing: a reload starts over, and today's board here is unranked practice until you continue as yourself.",
    playOnSite: "Play on Tumbleword",
    pageTitle: "Tumbleword board",
    fullGame: "Open the full game on Tumbleword",
  },
  fr: typeset<FrameMessages>({
    linkTitle: "Déjà joué sur Tumbleword ?",
    linkIntro: "Continuez ici sous votre nom : votre partie, votre nom et votre série vous suivent, et vous ne jouerez pas deux fois la partie classée du jour.",
    linkAccess: "Utiliser mon joueur Tumbleword",
    codeLabel: "Code de la page Statistiques de Tumbleword",
    continue: "Continuer",
    checking: "Vérification du code…",
    welcomeBack: (name) => `Bon retour, ${name} !`,
    linked: "C'est fait : vous continuez sous votre nom.",
    noPlayerHere: "Aucun joueur Tumbleword dans ce navigateur : utilisez plutôt un code de la page Statistiques.",
    accessRefused: "Le navigateur ne l'a pas permis : utilisez plutôt un code de la page Statistiques de Tumbleword.",
    codeFailed: (reason) => `Cela n'a pas marché : ${reason}`,
    tryAgain: "Cela n'a pas marché ; réessayez.",
    keepsNothing: "Ce navigateur ne laisse rien garder à ce cadre : recharger efface tout, et la grille du jour n'est ici qu'un entraînement non classé tant que vous ne continuez pas sous votre nom.",
    playOnSite: "Jouer sur Tumbleword",
    pageTitle: "Grille Tumbleword",
    fullGame: "Ouvrir le jeu complet sur Tumbleword",
  }, frenchSpacing),
  es: {
    linkTitle: "¿Ya has jugado en Tumbleword?",
    linkIntro: "Sigue aquí como tú: tu ronda, tu nombre y tu racha te acompañan, y no jugarás dos veces la ronda clasificatoria de hoy.",
    linkAccess: "Usar mi jugador de Tumbleword",
    codeLabel: "Código de la página de estadísticas de Tumbleword",
    continue: "Continuar",
    checking: "Comprobando el código…",
    welcomeBack: (name) => `¡Hola de nuevo, ${name}!`,
    linked: "Hecho: sigues como tú.",
    noPlayerHere: "No hay ningún jugador de Tumbleword en este navegador: usa un código de la página de estadísticas.",
    accessRefused: "El navegador no lo ha permitido: usa un código de la página de estadísticas de Tumbleword.",
    codeFailed: (reason) => `No ha funcionado: ${reason}`,
    tryAgain: "No ha funcionado; inténtalo de nuevo.",
    keepsNothing: "Este navegador no deja guardar nada a este marco: al recargar se empieza de cero, y el tablero de hoy es aquí práctica sin clasificar hasta que sigas como tú.",
    playOnSite: "Jugar en Tumbleword",
    pageTitle: "Tablero de Tumbleword",
    fullGame: "Abrir el juego completo en Tumbleword",
  },
  de: {
    linkTitle: "Schon auf Tumbleword gespielt?",
    linkIntro: "Spiel hier als du selbst weiter: Runde, Name und Serie kommen mit, und du spielst die gewertete Runde von heute nicht zweimal.",
    linkAccess: "Meinen Tumbleword-Spieler verwenden",
    codeLabel: "Code von der Statistikseite von Tumbleword",
    continue: "Weiter",
    checking: "Code wird geprüft…",
    welcomeBack: (name) => `Willkommen zurück, ${name}!`,
    linked: "Verknüpft: du spielst als du selbst weiter.",
    noPlayerHere: "In diesem Browser gibt es keinen Tumbleword-Spieler: nimm stattdessen einen Code von der Statistikseite.",
    accessRefused: "Der Browser hat es nicht erlaubt: nimm stattdessen einen Code von der Statistikseite von Tumbleword.",
    codeFailed: (reason) => `Das hat nicht geklappt: ${reason}`,
    tryAgain: "Das hat nicht geklappt; versuch es noch einmal.",
    keepsNothing: "Dieser Browser lässt diesen Rahmen nichts speichern: Neu laden fängt von vorn an, und das heutige Brett ist hier ungewertetes Training, bis du als du selbst weiterspielst.",
    playOnSite: "Auf Tumbleword spielen",
    pageTitle: "Tumbleword-Brett",
    fullGame: "Das ganze Spiel auf Tumbleword öffnen",
  },
};
