// Reminders on this machine, end to end: the local server (scripts/serve.ts, which puts a VAPID key
// pair into .dev.vars) offers them on /stats; turning them on in the page saves the browser's
// subscription; `npm run reminders:send` (the hour's cron through wrangler dev's /cdn-cgi/handler/scheduled) pushes today's
// reminder; the local push service (web-push-testing, as README says) receives it and decrypts it.
// Chromium's own push service is on the internet, so the page's subscription is the local
// service's, handed to the page in place of the browser's (PushManager.subscribe).
import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, test } from "vitest";
import { freePort } from "#scripts/lib/ports.ts";
import { useBrowser } from "./fixture.ts";
import { baseUrl, root, serverNow } from "./helpers.ts";

const browser = useBrowser();
const require = createRequire(import.meta.url);

interface LocalSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  clientHash: string;
}

let service = "";
let stop: () => Promise<void> = async () => undefined;

beforeAll(async () => {
  const TestingServer = require("web-push-testing/src/server.js") as new (model: unknown, port: number) => { startServer(): void; _server: { close(done: () => void): void } };
  const { PushApiModel } = require("web-push-testing/src/PushApiModel.js") as { PushApiModel: new () => unknown };
  const port = await freePort();
  const server = new TestingServer(new PushApiModel(), port);
  const log = console.log;
  console.log = () => undefined; // its "Server running on port" line
  server.startServer();
  console.log = log;
  service = `http://localhost:${port}`;
  // Ready once it answers.
  for (let i = 0; !(await fetch(`${service}/status`, { method: "POST" }).catch(() => null))?.ok; i++) {
    if (i > 200) throw new Error(`the local push service at ${service} never answered`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  stop = () => new Promise((resolve) => server._server.close(() => resolve()));
});
afterAll(() => stop());

const post = (path: string, body?: object) =>
  fetch(`${service}${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });

test("turned on in the page, sent by `npm run reminders:send`, received by the local push service", { timeout: 90_000 }, async () => {
  // The server has keys (serve.ts made them): it offers reminders.
  const { publicKey } = (await (await fetch(`${baseUrl}/api/reminders/key`)).json()) as { publicKey: string };
  expect(publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
  const subscription = ((await (await post("/subscribe", { userVisibleOnly: "true", applicationServerKey: publicKey })).json()) as { data: LocalSubscription }).data;

  const { page, context, errors } = await browser.open("/how-to-play");
  await context.grantPermissions(["notifications"], { origin: baseUrl });
  // The browser's subscription is the local service's (push services are https: it is named so,
  // and the Worker speaks plain http to one on this machine).
  const handed = { endpoint: subscription.endpoint.replace(/^http:/, "https:"), keys: subscription.keys };
  await context.addInitScript((sub) => {
    // Runs in the page (typed loosely: this file is typed for Node).
    const manager = (globalThis as unknown as { PushManager?: { prototype: Record<string, unknown> } }).PushManager;
    if (!manager) return;
    let current: object | null = null;
    const fake = { ...sub, expirationTime: null, toJSON: () => sub, unsubscribe: async () => ((current = null), true) };
    manager.prototype.subscribe = async () => ((current = fake), fake);
    manager.prototype.getSubscription = async () => current;
  }, handed);
  await page.goto("/stats");
  const reminders = page.locator("tw-reminders");
  await expect.poll(() => reminders.isVisible(), { timeout: 30_000 }).toBe(true);
  // The hour on the page's clock whose UTC hour is the server's now: the cron sends the
  // subscriptions due at the server's hour (its clock is the run's pinned one: test/days.ts).
  const serverHour = new Date(serverNow()).getUTCHours();
  const hour = await page.evaluate((utc) => (((utc - Math.floor(new Date().getTimezoneOffset() / 60)) % 24) + 24) % 24, serverHour);
  await page.getByLabel("At (your time)").selectOption(String(hour));
  await page.getByRole("button", { name: "Remind me" }).click();
  await expect.poll(() => reminders.locator("[data-reminder-status]").textContent()).toMatch(/^Reminders are on/);

  const sent = await promisify(execFile)(process.execPath, ["scripts/send-reminders.ts"], { cwd: root, env: { ...process.env, PORT: new URL(baseUrl).port } });
  expect(sent.stdout).toContain("Sent the reminders due at");
  const received = async () => ((await (await post("/get-notifications", { clientHash: subscription.clientHash })).json()) as { data: { messages: string[] } }).data.messages;
  await expect.poll(received, { timeout: 30_000, interval: 500 }).toHaveLength(1);
  const [message] = await received();
  expect(JSON.parse(message!)).toMatchObject({ lang: "en", url: "/", tag: "tumbleword-reminder", title: "Today's Tumbleword is waiting", body: expect.any(String) });
  expect(errors).toEqual([]);
});
