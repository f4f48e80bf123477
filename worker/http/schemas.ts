// Shapes of path parameters and query strings shared by several routes.
import * as z from "zod";
import { LANGUAGE_CODES, isIsoDate } from "#engine";
import { parsePuzzleKey } from "#game/puzzle-key.ts";

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

// Controls other than tab and line breaks (NUL, escape, C1) and the bidi controls that reorder
// what follows them (marks, embeddings, overrides, isolates): free text shown to other people
// (a moderator's note, a passkey's name) must read as it was written.
const HIDDEN_CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

/** Free text of at most `max` characters, trimmed, without hidden controls (400 saying so). */
export const plainText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((text) => !HIDDEN_CONTROLS.test(text), "control characters (such as NUL) and bidi controls are not allowed");
