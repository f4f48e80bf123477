// Moderators for worker tests: ids listed in MODERATOR_IDS (test/worker/vitest.config.ts).
import { env } from "cloudflare:workers";
import { issueToken } from "#worker/auth/tokens.ts";
import { type TestPlayer, playerShard } from "./helpers.ts";
import { registerPasskey } from "./passkey-helpers.ts";

export const MODERATOR = "00000000-0000-4000-8000-0000000000a1";
export const MODERATOR_WITHOUT_PASSKEY = "00000000-0000-4000-8000-0000000000a2";

/** A player with a listed id (made straight in D1, on its shard), with a token, and a passkey unless told. */
export async function moderator(id: string, withPasskey = true): Promise<TestPlayer> {
  await playerShard(id).prepare("insert or ignore into players (id, name, created_at) values (?, ?, ?)").bind(id, `Mod ${id.slice(-2)}`, Date.now()).run();
  const player = { playerId: id, token: await issueToken(env, id) } as TestPlayer;
  const known = await playerShard(id).prepare("select count(*) as n from passkeys where player_id = ?").bind(id).first<number>("n");
  if (withPasskey && known === 0) {
    await registerPasskey(player);
  }
  return player;
}
