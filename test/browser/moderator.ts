// The browser tests' moderator: global-setup.ts starts the server with this id in MODERATOR_IDS,
// and moderation.test.ts makes the player (straight in the server's local D1, with a passkey row
// and a one-time link code it redeems for a token, since the id must be known before the server starts).
import { createHash } from "node:crypto";
import { DatabaseSync } from "node:sqlite";
import { inject } from "vitest";
import { d1Bindings, d1File, playerD1File } from "#scripts/lib/server.ts";
import { shardOfPlayer } from "#worker/db/player-buckets.ts";
import { serverNow } from "./helpers.ts";
import { BROWSER_MODERATOR_ID } from "./moderator-id.ts";

export { BROWSER_MODERATOR_ID };

/** Makes the moderator player with a passkey (on its shard) and a link code (on its hash's shard); returns the code to redeem. */
export function seedModerator(): string {
  const code = "MDRT-2345";
  const hash = createHash("sha256").update(`link/${code}`).digest("hex");
  const db = new DatabaseSync(d1File(inject("serverStateDir"), shardOfPlayer(hash, d1Bindings().length)));
  try {
    db.exec("PRAGMA busy_timeout = 5000");
    const now = serverNow();
    db.prepare("INSERT OR REPLACE INTO link_codes (code_hash, player_id, expires_at, created_at) VALUES (?, ?, ?, ?)").run(hash, BROWSER_MODERATOR_ID, now + 600_000, now);
  } finally {
    db.close();
  }
  // The player and a passkey row, on the player's shard: the role needs one (its key is never used here: the token comes from the link code).
  const shard = new DatabaseSync(playerD1File(inject("serverStateDir"), BROWSER_MODERATOR_ID));
  try {
    shard.exec("PRAGMA busy_timeout = 5000");
    shard.prepare("INSERT OR IGNORE INTO players (id, name, created_at) VALUES (?, 'Moderator Mo', ?)").run(BROWSER_MODERATOR_ID, serverNow());
    shard.prepare("INSERT OR IGNORE INTO passkeys (id, player_id, public_key, counter, transports, name, created_at) VALUES ('browser-test-moderator-key', ?, x'00', 0, '[]', 'Test key', ?)").run(BROWSER_MODERATOR_ID, serverNow());
  } finally {
    shard.close();
  }
  return code;
}
