// A player's room results moving to another player (an identity merge: merge-players.ts). They
// live on their player's shard: on one shard they change owner in place; across two, like rounds
// (round-moves.ts), they are copied to the target's shard first and deleted from the old one after,
// so a move that stops half-way leaves a row twice (the next run finishes it), never nowhere.
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { roomResults } from "../db/schema.ts";
import { insertRoomResultsHere } from "../rooms/queries.ts";

/** Keys per delete statement: one JSON parameter, kept well under D1's statement limits. */
const KEYS_PER_DELETE = 500;

/** Moves every room result of `from` to `into`; `fromDb` and `intoDb` are their shards (the same handle or not). How many moved. */
export async function moveRoomResults(fromDb: Db, intoDb: Db, sameShard: boolean, from: string, into: string): Promise<number> {
  if (sameShard) {
    const moved = await fromDb.update(roomResults).set({ playerId: into }).where(eq(roomResults.playerId, from)).returning({ seatId: roomResults.seatId });
    return moved.length;
  }
  const theirs = await fromDb.select().from(roomResults).where(eq(roomResults.playerId, from));
  if (theirs.length === 0) return 0;
  // A row copied by an earlier run is there already (same round and seat): the insert leaves it.
  await insertRoomResultsHere(intoDb, theirs.map((row) => ({ ...row, playerId: into })));
  // Only the rows read (and so copied) leave: a room round `from` finished meanwhile waits for the next merge.
  const deletes = [];
  for (let i = 0; i < theirs.length; i += KEYS_PER_DELETE) {
    const keys = JSON.stringify(theirs.slice(i, i + KEYS_PER_DELETE).map((row) => [row.roundKey, row.seatId]));
    deletes.push(
      fromDb
        .delete(roomResults)
        .where(sql`${roomResults.playerId} = ${from} and (${roomResults.roundKey}, ${roomResults.seatId}) in (select json_extract(value, '$[0]'), json_extract(value, '$[1]') from json_each(${keys}))`),
    );
  }
  await fromDb.batch(deletes as [(typeof deletes)[0], ...typeof deletes]);
  return theirs.length;
}
