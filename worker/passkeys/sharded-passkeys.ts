// Passkeys live on their player's shard (db/shards.ts). A sign-in names a credential, not a
// player: the browser's answer carries the player's id as its user handle (the registration set
// it), which routes the look-up to one shard; an answer without one is looked up on every shard.
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import type { PasskeyRow } from "../db/schema.ts";
import { type ShardEnv, allShards, dbForPlayer, shardCount, shardOfPlayer } from "../db/shards.ts";
import { findPasskey } from "./queries.ts";

/** The player id a WebAuthn user handle (base64url of the id's UTF-8 bytes) stands for, or undefined. */
export function playerOfUserHandle(userHandle: string | undefined): string | undefined {
  if (userHandle === undefined || userHandle.length > 200 || !isoBase64URL.isBase64URL(userHandle)) return undefined;
  return isoBase64URL.toUTF8String(userHandle);
}

/** A registered credential by its id, with the shard that holds it; undefined when no shard does. */
export async function findPasskeyAnywhere(env: ShardEnv, credentialId: string, userHandle?: string): Promise<PasskeyRow | undefined> {
  const claimed = playerOfUserHandle(userHandle);
  if (claimed !== undefined) {
    const row = await findPasskey(dbForPlayer(env, claimed), credentialId);
    // The handle only routes: the row itself says whose credential it is.
    if (row !== undefined && row.playerId === claimed) return row;
  }
  const n = shardCount(env);
  const found = await Promise.all(allShards(env).map((db) => findPasskey(db, credentialId)));
  return found.find((row, shard) => row !== undefined && shardOfPlayer(row.playerId, n) === shard);
}
