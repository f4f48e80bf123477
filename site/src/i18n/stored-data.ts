// What the privacy page (components/PrivacyPage.astro) lists, in English: every place that names a
// player and what deleting the account does to it. It must say what the Worker does
// (worker/players/player-data.ts, worker/players/account-deletion.ts): test/site/privacy-page.test.ts
// checks that every table of the code's list is here, with the same fate.

/** Every place that names a player, and what deleting the account does to it. */
export const STORED: readonly (readonly [where: string, what: string, onDeletion: string])[] = [
  ["players", "your id, name, start date and token version", "deleted"],
  ["rounds", "each round still in the database (until its day is archived)", "kept for the day's counts and ranks under a new, unconnected id marked as deleted, shown as \"a deleted player\""],
  ["player_summaries", "your history once days are archived", "deleted"],
  ["passkeys", "your passkeys' public keys", "deleted"],
  ["passkey_challenges", "a passkey registration under way (5 minutes)", "deleted"],
  ["push_subscriptions", "your browser's reminder subscription", "deleted"],
  ["link_codes", "one-time codes to continue elsewhere (10 minutes)", "deleted"],
  ["league_members", "your league memberships", "deleted"],
  ["league_results", "your daily results kept for your leagues", "deleted"],
  ["league_removals", "leagues whose owner removed you", "deleted"],
  ["leagues", "leagues you own", "passed to the longest member, or deleted when no member is left"],
  ["room_results", "your live-room results (400 days)", "deleted"],
  ["round_reports", "rounds you reported", "kept for moderation under the new id, naming nobody"],
  ["round_reviews", "moderators' decisions (the round, the decision, the reason)", "kept; a moderator's own id is replaced by the new id"],
  ["moderation_log", "every moderator action", "kept; a moderator's own id is replaced by the new id"],
  ["name_reports", "names you reported", "kept for moderation under the new id, naming nobody"],
  ["name_reports_of_you", "other players' reports of your name (who reported is not shown)", "deleted"],
  ["name_decisions", "moderators' decisions on your name, with the old and new name", "deleted"],
  ["name_decisions_taken", "your decisions on names as a moderator", "kept; a moderator's own id is replaced by the new id"],
  ["R2 days/<date>/…", "each settled day's ranked rounds: round id, player id, score, words, start time (older days also the name then)", "never rewritten: every page reads names from the accounts when shown, and an id without an account shows as \"a deleted player\""],
]
