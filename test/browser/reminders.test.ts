// The daily reminder in the browser: the opt-in on /stats and on the results card (a friendly
// word when notifications are blocked), and the service worker showing a reminder pushed to it
// (delivered through the DevTools protocol, as a push service would) in its language, a click on
// it opening today's board. The server side, to a local push service that decrypts, is
// test/worker/reminders.test.ts.
import { expect, test } from "vitest";
import { useBrowser } from "./fixture.ts";
import { baseUrl } from "./helpers.ts";

const browser = useBrowser();

test("/stats offers reminders at an hour of the player's clock and says so when notifications are blocked", async () => {
  const { page, context, errors } = await browser.open("/stats");
  const reminders = page.locator("tw-reminders");
  await expect.poll(() => reminders.isVisible()).toBe(true);
  expect(await reminders.getByRole("heading").textContent()).toBe("Reminders");
  expect(await page.getByLabel("At (your time)").inputValue()).toBe("19");
  // This browser blocks the site's notifications: the button says what to do about it.
  await context.clearPermissions();
  await page.getByRole("button", { name: "Remind me" }).click();
  await expect.poll(() => reminders.locator("[data-reminder-status]").textContent()).toBe(
    "Notifications are blocked for this site: allow them in the browser's site settings.",
  );
  expect(errors).toEqual([]);
});

test("the service worker shows a pushed reminder in its language, and a click opens today's board", { timeout: 150_000 }, async () => {
  const { page, context } = await browser.open("/practice");
  await context.grantPermissions(["notifications"], { origin: baseUrl });
  await expect.poll(() => page.evaluate<boolean>("navigator.serviceWorker.controller !== null"), { timeout: 60_000 }).toBe(true);
  const cdp = await context.newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string }[] = [];
  cdp.on("ServiceWorker.workerRegistrationUpdated", (event: { registrations: { registrationId: string; scopeURL: string }[] }) => registrations.push(...event.registrations));
  await cdp.send("ServiceWorker.enable");
  await expect.poll(() => registrations.length).toBeGreaterThan(0);
  const payload = { title: "Votre série de 3 jours est en danger", body: "Jouez la grille du jour avant minuit UTC pour la garder.", lang: "fr", url: "/fr", tag: "tumbleword-reminder" };
  await cdp.send("ServiceWorker.deliverPushMessage", { origin: baseUrl, registrationId: registrations[0]!.registrationId, data: JSON.stringify(payload) });
  const shown = () =>
    page.evaluate<{ title: string; body: string; lang: string; tag: string; data: unknown }[]>(
      "navigator.serviceWorker.ready.then((r) => r.getNotifications()).then((list) => list.map((n) => ({ title: n.title, body: n.body, lang: n.lang, tag: n.tag, data: n.data })))",
    );
  await expect.poll(shown).toEqual([{ title: payload.title, body: payload.body, lang: "fr", tag: "tumbleword-reminder", data: { url: "/fr" } }]);
  // A click takes the open tab of the site to today's board in the reminder's language. (The
  // click is dispatched in the worker: a headless browser has no notification to click.)
  const sw = context.serviceWorkers()[0]!;
  await sw.evaluate(async () => {
    // Runs in the service worker (typed loosely: this file is typed for Node).
    const scope = globalThis as unknown as EventTarget & { registration: { getNotifications(): Promise<unknown[]> } };
    const [notification] = await scope.registration.getNotifications();
    const click = Object.assign(new Event("notificationclick"), { notification, waitUntil: (done: Promise<unknown>) => void done });
    scope.dispatchEvent(click);
  });
  await expect.poll(() => new URL(page.url()).pathname).toBe("/fr");
  await expect.poll(shown).toEqual([]);
});
