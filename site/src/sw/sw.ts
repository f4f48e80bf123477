// The service worker: every page of the site works offline after one visit. On install it stores
// the whole (small) site, listed at build time with a version that changes with its bytes; the
// lexicon (under /api/) and definitions (under /definitions/), which this worker leaves alone, are stored by the pages
// that load them. Hashed files are served
// cache-first, pages network-first (a connected player always gets the current site). The API is
// never cached. It also shows the daily reminder pushed to it (worker/reminders/reminders.ts).
import { DEFINITIONS_CACHE, LEXICON_CACHE, SPELLINGS_CACHE } from "../core/cache-names.ts";

declare const __PRECACHE__: string[];
declare const __VERSION__: string;

const SITE_CACHE = `tw-site-${__VERSION__}`;

// Typed locally: the site's tsconfig uses the DOM library, not the WebWorker one.
interface FetchEventLike extends Event {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}
interface ExtendableEventLike extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface PushEventLike extends ExtendableEventLike {
  readonly data: { json(): unknown } | null;
}
interface NotificationEventLike extends ExtendableEventLike {
  readonly notification: Notification;
}
interface WindowClientLike {
  url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}
const worker = self as unknown as {
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void>; matchAll(options: { type: "window" }): Promise<WindowClientLike[]>; openWindow(url: string): Promise<unknown> };
  registration: ServiceWorkerRegistration;
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEventLike) => void): void;
  addEventListener(type: "fetch", listener: (event: FetchEventLike) => void): void;
  addEventListener(type: "push", listener: (event: PushEventLike) => void): void;
  addEventListener(type: "notificationclick", listener: (event: NotificationEventLike) => void): void;
};

/** The daily reminder (worker/reminders/reminders.ts ReminderPayload): shown as it comes, in its language. */
interface ReminderPayload {
  title: string;
  body: string;
  lang: string;
  url: string;
  tag: string;
}

worker.addEventListener("push", (event) => {
  const payload = event.data?.json() as ReminderPayload | undefined;
  if (!payload?.title) return;
  event.waitUntil(
    worker.registration.showNotification(payload.title, { body: payload.body, lang: payload.lang, tag: payload.tag, icon: "/icons/icon-192.png", data: { url: payload.url } }),
  );
});

// A click opens today's board (in the reminder's language): an open tab of the site goes there, else a new one.
worker.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL((event.notification.data as { url?: string } | null)?.url ?? "/", location.origin).href;
  event.waitUntil(
    (async () => {
      const [open] = await worker.clients.matchAll({ type: "window" });
      if (open) {
        await open.navigate(url);
        await open.focus();
      } else await worker.clients.openWindow(url);
    })(),
  );
});

worker.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(SITE_CACHE)
      .then((cache) => Promise.all(__PRECACHE__.map((url) => store(cache, url))))
      .then(() => worker.skipWaiting()),
  );
});

/**
 * Stores one file of the site, asked for again twice after a failure: the install takes some
 * seventy files at once, and one dropped request (a phone's network, a busy server) would
 * otherwise cost the whole install, and offline play until the next visit. A file that keeps
 * failing still fails the install, as cache.addAll would.
 */
async function store(cache: Cache, url: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      return await cache.put(url, response);
    } catch (error) {
      if (attempt === 3) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1000 * attempt));
    }
  }
}

worker.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name !== SITE_CACHE && name !== LEXICON_CACHE && name !== DEFINITIONS_CACHE && name !== SPELLINGS_CACHE) await caches.delete(name);
      }
      await worker.clients.claim();
    })(),
  );
});

worker.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== location.origin || url.pathname.startsWith("/api/") || url.pathname.startsWith("/definitions/")) return;
  if (url.pathname.startsWith("/_astro/")) event.respondWith(cacheFirst(request, SITE_CACHE));
  else event.respondWith(networkFirst(request, url));
});

async function cacheFirst(request: Request, cacheName: string): Promise<Response> {
  const cache = await caches.open(cacheName);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function networkFirst(request: Request, url: URL): Promise<Response> {
  const cache = await caches.open(SITE_CACHE);
  try {
    const response = await fetch(request);
    if (response.ok && response.type === "basic" && !url.search) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const cached =
      (await cache.match(request, { ignoreSearch: true })) ??
      // Every /play/<date> is the same page.
      (url.pathname.startsWith("/play/") ? await cache.match("/play") : undefined);
    if (cached) return cached;
    throw error;
  }
}
