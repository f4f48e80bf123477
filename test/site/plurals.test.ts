// Counts in every language follow the language's plural rules (Intl.PluralRules): "1 minute",
// "1 minuto", "1 día seguido", French's singular for 0 and 1.
import { expect, test } from "vitest";
import { MESSAGES } from "#site/i18n/all.ts";

test("one of a thing is singular in every language, many are plural", () => {
  const { en, fr, es, de } = MESSAGES;
  expect([en, fr, es, de].map((t) => t.start(t.roundLength(60)))).toEqual([
    "Start the 1-minute round",
    "Lancer la manche de 1 minute",
    "Empezar la ronda de 1 minuto",
    "Die 1-minütige Runde starten",
  ]);
  expect([fr.roundLength(180), es.roundLength(180), fr.roundLength(1), es.roundLength(90)]).toEqual(["3 minutes", "3 minutos", "1 seconde", "90 segundos"]);
  expect([fr.home.streak(1), es.home.streak(1), de.home.streak(1)]).toEqual(["🔥 1 jour d'affilée · ", "🔥 1 día seguido · ", "🔥 1 Tag in Folge · "]);
  expect([fr.home.streak(2), es.home.streak(2), de.home.streak(2)]).toEqual(["🔥 2 jours d'affilée · ", "🔥 2 días seguidos · ", "🔥 2 Tage in Folge · "]);
  // French counts 0 in the singular; English and Spanish in the plural.
  expect([fr.words(0), en.words(0), es.words(0), fr.words(1), es.words(1), de.words(2)]).toEqual(["0 mot", "0 words", "0 palabras", "1 mot", "1 palabra", "2 Wörter"]);
  expect([en.secondsLeft(60), fr.secondsLeft(60), es.secondsLeft(1), de.secondsLeft(10)]).toEqual(["60 seconds left", "Il reste 60 secondes", "Queda 1 segundo", "Noch 10 Sekunden"]);
});
