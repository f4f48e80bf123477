// Shapes of path parameters and query strings shared by several routes.
import { z } from "zod";
import { isIsoDate } from "../../shared/calendar.ts";
import { LANGUAGE_CODES } from "../../shared/languages.ts";
import { parsePuzzleKey } from "../../shared/puzzle-key.ts";

/** A board: its day (YYYY-MM-DD or "today"), then "-fr", "-es" or "-de" for another language than English. */
export const dayParam = z.object({
  date: z.string().refine((d) => parsePuzzleKey(d) !== null, 'expected a date (YYYY-MM-DD) or "today", then -fr, -es or -de for another language'),
});

/** A board's language in a query string: en (the default), fr, es or de. */
export const language = z.enum(LANGUAGE_CODES, { error: `expected a language: ${LANGUAGE_CODES.join(", ")}` }).default("en");

export const isoDate = z.string().refine(isIsoDate, "expected a date (YYYY-MM-DD)");

/** An id as the Worker makes them (crypto.randomUUID: lower case), and only that spelling. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const uuid = z.string().regex(UUID, "expected an id");
