// Security headers of static pages (from site/public/_headers, applied by Workers Static
// Assets), the framing rule of /embed (the Worker), and `Cache-Control: private, no-store` +
// `Vary: Authorization` on every answer that belongs to one player.
//
// The pool's `exports.default.fetch` calls the Worker directly, whatever run_worker_first says;
// `env.ASSETS.fetch` is Workers Static Assets itself, i.e. what a browser gets for every path the
// Worker does not run first on. Both are checked.
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { Hono } from "hono";
import { issueToken } from "#worker/auth/tokens.ts";
import type { AppEnv } from "#worker/env.ts";
import { perPlayerCaching } from "#worker/http/cache-control.ts";
import { ORIGIN, call, newPlayer, startRound, solutionWords, puzzleOf, today, yesterday, endRound } from "./helpers.ts";

const CSP = "Content-Security-Policy";

function directives(res: Response): Map<string, string> {
  const policy = res.headers.get(CSP) ?? "";
  return new Map(
    policy
      .split(";")
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name, ...values] = d.split(/\s+/);
        return [name!, values.join(" ")] as [string, string];
      }),
  );
}

/** Workers Static Assets answering on its own, as for every path but /api/* and /embed*. */
async function asset(path: string, init: RequestInit = {}): Promise<Response> {
  const res = await env.ASSETS.fetch(new Request(`${ORIGIN}${path}`, { redirect: "manual", ...init }));
  await res.arrayBuffer();
  return res;
}

/** The Worker answering (it runs first for /embed*), redirects not followed. */
async function worker(path: string, init: RequestInit = {}): Promise<Response> {
  const res = await exports.default.fetch(new Request(`${ORIGIN}${path}`, { redirect: "manual", ...init }));
  await res.arrayBuffer();
  return res;
}

function expectPageSecurity(res: Response, what: string): void {
  const csp = directives(res);
  expect(csp.get("default-src"), what).toBe("'self'");
  expect(csp.get("script-src"), what).toBe("'self'");
  expect(csp.get("object-src"), what).toBe("'none'");
  expect(csp.get("base-uri"), what).toBe("'self'");
  expect(res.headers.get(CSP), what).not.toMatch(/unsafe-inline|unsafe-eval|data:|blob:/);
  expect(res.headers.get("X-Content-Type-Options"), what).toBe("nosniff");
  expect(res.headers.get("Referrer-Policy"), what).toBe("no-referrer");
  expect(res.headers.get("Strict-Transport-Security"), what).toMatch(/^max-age=\d+/);
  expect(res.headers.get("Cross-Origin-Opener-Policy"), what).toBe("same-origin");
}

function expectNotFrameable(res: Response, what: string): void {
  expect(directives(res).get("frame-ancestors"), what).toBe("'none'");
  expect(res.headers.get("X-Frame-Options"), what).toBe("DENY");
}

/** The site's hashed script URLs, read from the home page. */
async function scriptUrls(): Promise<string[]> {
  const html = await (await env.ASSETS.fetch(new Request(`${ORIGIN}/`))).text();
  return [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]!);
}

const PAGES = ["/", "/leaderboard", "/archive", "/play/2026-01-02", "/practice", "/stats", "/how-to-play"];

describe("static pages and files (Workers Static Assets with _headers)", () => {
  it("carry the page CSP and the other security headers, and may not be framed", async () => {
    const scripts = await scriptUrls();
    expect(scripts.some((s) => s.startsWith("/_astro/"))).toBe(true);
    for (const path of [...PAGES, "/no-such-page", "/favicon.svg", "/theme.js", "/sw.js", "/widget.js", ...scripts]) {
      const res = await asset(path);
      expect(res.status, path).toBeLessThan(500);
      expectPageSecurity(res, path);
      expectNotFrameable(res, path);
    }
    expect((await asset("/no-such-page")).status).toBe(404);
  });

  it("need nothing the CSP forbids: no inline script, style or event handler in any page", async () => {
    for (const path of [...PAGES, "/embed", "/no-such-page"]) {
      const html = await (await env.ASSETS.fetch(new Request(`${ORIGIN}${path}`))).text();
      expect(html, path).toContain("<script");
      for (const tag of html.matchAll(/<script\b[^>]*>/g)) expect(tag[0], path).toMatch(/\ssrc="\/[^"]+"/);
      expect(html, path).not.toMatch(/<style\b/i);
      expect(html, path).not.toMatch(/\sstyle="/i);
      expect(html, path).not.toMatch(/\son[a-z]+=/i);
      expect(html, path).not.toMatch(/javascript:/i);
    }
  });

  it("let other sites load /widget.js, and nothing else", async () => {
    expect((await asset("/widget.js")).headers.get("Cross-Origin-Resource-Policy")).toBe("cross-origin");
    for (const path of ["/", "/theme.js", "/embed"]) expect((await asset(path)).headers.get("Cross-Origin-Resource-Policy"), path).toBe("same-origin");
  });

  it("let browsers keep content-hashed files for good, and revalidate the rest", async () => {
    const [script] = (await scriptUrls()).filter((s) => s.startsWith("/_astro/"));
    expect((await asset(script!)).headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    // The lexicon is sent precompressed by the Worker, under its content-hashed name.
    const lexicon = await lexiconUrl();
    const res = await call(lexicon, { headers: { "Accept-Encoding": "br, gzip" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Encoding")).toBe("br");
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    for (const path of ["/", "/widget.js", "/sw.js"]) expect((await asset(path)).headers.get("Cache-Control"), path).toBe("public, max-age=0, must-revalidate");
  });
});

/** The lexicon's hashed URL, as the practice page preloads it. */
async function lexiconUrl(): Promise<string> {
  const html = await (await env.ASSETS.fetch(new Request(`${ORIGIN}/practice`))).text();
  const url = /\/api\/lexicon\/english\.[0-9a-f]{12}\.bin/.exec(html)?.[0];
  if (url === undefined) throw new Error("the practice page does not preload the lexicon");
  return url;
}

describe("the embed page (the Worker runs first on /embed*)", () => {
  it("may be framed by any site at exactly /embed, with any query string, and keeps the page CSP", async () => {
    for (const path of ["/embed", "/embed?date=today", "/embed?date=2026-01-02&theme=dark"]) {
      const res = await worker(path);
      expect(res.status, path).toBe(200);
      expect(directives(res).get("frame-ancestors"), path).toBe("*");
      expect(res.headers.get("X-Frame-Options"), path).toBeNull();
      expect(res.headers.get("Cross-Origin-Resource-Policy"), path).toBe("cross-origin");
      expectPageSecurity(res, path);
    }
  });

  it("serves /embed?lang=fr (es, de) the page in that language, frameable there only", async () => {
    const htmlLang = async (path: string) => /<html lang="([a-z]+)"/.exec(await (await exports.default.fetch(new Request(`${ORIGIN}${path}`))).text())?.[1];
    for (const lang of ["fr", "es", "de"]) {
      const res = await worker(`/embed?date=today&lang=${lang}`);
      expect(res.status, lang).toBe(200);
      expect(directives(res).get("frame-ancestors"), lang).toBe("*");
      expect(await htmlLang(`/embed?date=today&lang=${lang}`), lang).toBe(lang);
      // The language's own file keeps the ban.
      expectNotFrameable(await worker(`/embed/${lang}`), `/embed/${lang}`);
    }
    expect(await htmlLang("/embed?lang=en")).toBe("en");
    expect(await htmlLang("/embed?lang=xx")).toBe("en");
  });

  it("stays frameable when the browser revalidates it (304)", async () => {
    const etag = (await worker("/embed")).headers.get("ETag");
    expect(etag).toBeTruthy();
    const res = await worker("/embed", { headers: { "If-None-Match": etag! } });
    expect(res.status).toBe(304);
    expect(directives(res).get("frame-ancestors")).toBe("*");
    expect(res.headers.get("X-Frame-Options")).toBeNull();
  });

  it("is the only one: other /embed* paths and the 404 page may not be framed", async () => {
    for (const path of ["/embed.html", "/embed/", "/embed/x", "/embed.anything", "/embedded", "/embed%2F", "/Embed"]) {
      const res = await worker(path);
      expect(res.status, path).not.toBe(200);
      expectNotFrameable(res, path);
      expectPageSecurity(res, path);
    }
    // Redirects lead to the one frameable address.
    expect((await worker("/embed.html")).headers.get("Location")).toBe("/embed");
  });
});

describe("API answers", () => {
  it("keep their own strict policy, /api itself included", async () => {
    for (const path of ["/api", "/api/health", "/api/nope"]) {
      const res = await worker(path);
      expect(res.headers.get(CSP), path).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get("X-Frame-Options"), path).toBe("DENY");
      expect(res.headers.get("Access-Control-Allow-Origin"), path).toBe("*");
    }
  });
});

describe("per-player answers: Cache-Control: private, no-store and Vary: Authorization", () => {
  const expectPrivate = (res: Response, what: string) => {
    expect(res.headers.get("Cache-Control"), what).toBe("private, no-store");
    expect(res.headers.get("Vary")?.split(",").map((v) => v.trim().toLowerCase()), what).toContain("authorization");
  };

  it("on every endpoint that answers a player", async () => {
    const created = await call("/api/players", { json: { name: "Private" } });
    expect(created.status).toBe(201);
    expectPrivate(created, "POST /api/players");
    const player = (await created.json()) as { playerId: string; token: string };

    const round = await call("/api/puzzles/today/rounds", { method: "POST", token: player.token });
    expectPrivate(round, "POST rounds (new)");
    const { roundId } = (await round.json()) as { roundId: string };
    expectPrivate(await call("/api/puzzles/today/rounds", { method: "POST", token: player.token }), "POST rounds (again)");
    expectPrivate(await call(`/api/puzzles/${yesterday()}/rounds`, { method: "POST", token: player.token }), "POST rounds (past day)");

    const [w] = solutionWords(await puzzleOf(today()), 1);
    const { ticket } = (await (await call("/api/puzzles/today/rounds", { method: "POST", token: player.token })).json()) as { ticket: string };
    expectPrivate(await call(`/api/rounds/${roundId}/words`, { json: { ticket, word: w!.word } }), "POST words");
    expectPrivate(await call("/api/players/me", { method: "PATCH", json: { name: "Renamed" }, token: player.token }), "PATCH me");
    expectPrivate(await call("/api/players/me/stats", { token: player.token }), "GET stats");
    expectPrivate(await call("/api/puzzles/today/leaderboard/me", { token: player.token }), "GET my standing");
    await endRound(roundId, 60_000);
    const solution = await call("/api/puzzles/today/solution", { token: player.token });
    expect(solution.status).toBe(200);
    expectPrivate(solution, "GET solution after my round");
    expectPrivate(await call("/api/players/me/tokens/revoke", { method: "POST", token: player.token }), "POST revoke");
  });

  it("on errors answered to a token too", async () => {
    const forged = `${crypto.randomUUID()}.0.${Math.floor(Date.now() / 1000)}.${"A".repeat(43)}`;
    expectPrivate(await call("/api/players/me/stats", { token: forged }), "401");
    const player = await newPlayer();
    expectPrivate(await call("/api/puzzles/2026-02-30/rounds", { method: "POST", token: player.token }), "400");
  });

  it("not on anonymous reads, which say they vary with the token where they could", async () => {
    for (const path of ["/api/health", "/api/puzzles/today"]) {
      const res = await call(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("Cache-Control"), path).toBeNull();
    }
    // The archive and the leaderboard hold nothing per player: shared caches may keep them, with a token or not.
    expect((await call("/api/puzzles?limit=2")).headers.get("Cache-Control")).toMatch(/^public, max-age=\d+$/);
    for (const token of [undefined, (await newPlayer()).token]) {
      const board = await call("/api/puzzles/today/leaderboard", { token });
      expect(board.status).toBe(200);
      expect(board.headers.get("Cache-Control")).toMatch(/^public, max-age=\d+/);
      expect(await board.json()).not.toHaveProperty("you");
    }
  });

  it("also on an answer that carries a renewed token", async () => {
    const player = await newPlayer();
    const old = await issueToken(env, player.playerId, { now: Date.now() - 20 * 86_400_000 });
    const res = await call("/api/players/me/stats", { token: old });
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Tumbleword-Token")).toMatch(/^[0-9a-f-]{36}\.0\.\d+\.[A-Za-z0-9_-]{43}$/);
    expectPrivate(res, "renewed");
  });

  it("never replace a Cache-Control the route chose", async () => {
    const app = new Hono<AppEnv>();
    app.use(perPlayerCaching);
    app.get("/chosen", (c) => c.json({}, 200, { "Cache-Control": "private, max-age=5" }));
    app.get("/plain", (c) => c.json({}));
    const auth = { headers: { Authorization: "Bearer x" } };
    const chosen = await app.request("/chosen", auth);
    expect(chosen.headers.get("Cache-Control")).toBe("private, max-age=5");
    expect(chosen.headers.get("Vary")).toBe("Authorization");
    expect((await app.request("/plain", auth)).headers.get("Cache-Control")).toBe("private, no-store");
    expect((await app.request("/plain")).headers.get("Cache-Control")).toBeNull();
  });
});
