import { drizzle } from "drizzle-orm/d1";
import { retryingWhenLocked } from "./retry-locked.ts";
import * as schema from "./schema.ts";

export type Db = ReturnType<typeof database>;

/** A drizzle handle over the D1 binding (cheap: create one per request), retried while the database is locked. */
export function database(d1: D1Database) {
  return drizzle(retryingWhenLocked(d1), { schema });
}
