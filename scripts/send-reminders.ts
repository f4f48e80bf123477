// Sends today's reminders now, on the local server `npm start` runs: the hourly reminder cron
// (worker/reminders/reminders.ts) through wrangler dev's /cdn-cgi/handler/scheduled, which runs a
// cron handler now (local development only). The cron reminds the subscriptions due at this UTC hour, so turn reminders
// on at the hour it is now on your clock; a player who has played today's ranked round gets none.
//
//   npm run reminders:send            (PORT=8790 for another port)

/** wrangler.toml's reminder cron (REMINDER_CRON in worker/reminders/reminders.ts). */
const REMINDER_CRON = "0 * * * *";
export {}; // a module: top-level await

const port = Number(process.env.PORT ?? 8787);
const url = `http://127.0.0.1:${port}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent(REMINDER_CRON)}`;
try {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`it answered ${res.status}: is this the server \`npm start\` runs (wrangler dev)?`);
  const hour = String(new Date().getUTCHours()).padStart(2, "0");
  console.log(`Sent the reminders due at ${hour}:00 UTC (the hour now). A browser subscribed at this hour shows one within seconds.`);
} catch (error) {
  console.error(`reminders:send: the local server on port ${port} could not send them: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
