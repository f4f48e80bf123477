// Shapes of path parameters and query strings shared by several routes.
import { z } from "zod";
import { isIsoDate } from "../../shared/calendar.ts";

export const dayParam = z.object({
  date: z.string().refine((d) => d === "today" || isIsoDate(d), "expected a date (YYYY-MM-DD) or \"today\""),
});

export const isoDate = z.string().refine(isIsoDate, "expected a date (YYYY-MM-DD)");

/** An id as the Worker makes them (crypto.randomUUID: lower case), and only that spelling. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const uuid = z.string().regex(UUID, "expected an id");
