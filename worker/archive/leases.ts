// Leases (schema.ts workLeases): taken in one statement, so of two runs at once only one gets it.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { workLeases } from "../db/schema.ts";

/** Takes the lease `name` until `until` unless someone else holds it past `now`; whether it was taken. */
export async function takeLease(db: Db, name: string, holder: string, now: number, until: number): Promise<boolean> {
  const result = await db
    .insert(workLeases)
    .values({ name, holder, until })
    .onConflictDoUpdate({ target: workLeases.name, set: { holder, until }, setWhere: sql`${workLeases.until} <= ${now}` });
  return (result.meta.changes ?? 0) > 0;
}

/** Lets go of the lease, if still held by `holder`. */
export async function releaseLease(db: Db, name: string, holder: string): Promise<void> {
  await db.delete(workLeases).where(and(eq(workLeases.name, name), eq(workLeases.holder, holder)));
}
