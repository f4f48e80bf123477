// Security headers, framing policy, CORS, unknown routes, health.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, callJson, expectError, newPlayer, startRound } from "./helpers.ts";

const frameAncestors = (res: Response) => /frame-ancestors ([^;]+)/.exec(res.headers.get("Content-Security-Policy") ?? "")?.[1];

describe("security headers", () => {
  it("are on every API response, errors included, and forbid framing", async () => {
    for (const res of [await call("/api/health"), await call("/api/puzzles/2026-02-30"), await call("/api/nope")]) {
      expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(res.headers.get("X-Frame-Options")).toBe("DENY");
      expect(res.headers.get("Referrer-Policy")).toBe("no-referrer");
      expect(res.headers.get("Strict-Transport-Security")).toMatch(/max-age=\d+/);
      expect(res.headers.get("Content-Security-Policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    }
  });

  it("are on pages and static files too, which nobody may frame", async () => {
    for (const path of ["/", "/leaderboard", "/no-such-page", "/lexicon/english.bin"]) {
      const res = await call(path);
      await res.arrayBuffer();
      expect(frameAncestors(res), path).toBe("'none'");
      expect(res.headers.get("X-Frame-Options"), path).toBe("DENY");
      expect(res.headers.get("X-Content-Type-Options"), path).toBe("nosniff");
    }
  });

  it("let the embed page be framed anywhere", async () => {
    for (const path of ["/embed", "/embed?date=today&theme=dark"]) {
      const res = await call(path);
      await res.arrayBuffer();
      expect(frameAncestors(res), path).toBe("*");
      expect(res.headers.get("X-Frame-Options"), path).toBeNull();
      expect(res.headers.get("X-Content-Type-Options"), path).toBe("nosniff");
    }
    // Only that page: a look-alike path is not the embed page.
    const other = await call("/embedded");
    await other.arrayBuffer();
    expect(frameAncestors(other)).toBe("'none'");
  });

  it("let other sites load /widget.js", async () => {
    const res = await call("/widget.js");
    await res.arrayBuffer();
    expect(res.headers.get("Cross-Origin-Resource-Policy")).toBe("cross-origin");
    expect(frameAncestors(res)).toBe("'none'");
  });
});

describe("CORS", () => {
  it("lets any origin read the API, never with credentials", async () => {
    const res = await call("/api/puzzles/today", { headers: { Origin: "https://elsewhere.example" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(res.headers.get("Access-Control-Allow-Credentials")).toBeNull();
  });

  it("answers preflights for authenticated writes without reflecting the origin", async () => {
    const res = await call("/api/rounds/00000000-0000-0000-0000-000000000000/words", {
      method: "OPTIONS",
      headers: {
        Origin: "https://elsewhere.example",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "authorization, content-type",
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(res.headers.get("Access-Control-Allow-Credentials")).toBeNull();
    expect(res.headers.get("Access-Control-Allow-Methods")).toContain("POST");
    expect(res.headers.get("Access-Control-Allow-Headers")?.toLowerCase()).toContain("authorization");
  });
});

describe("routing", () => {
  it("answers unknown API paths and methods with a JSON 404", async () => {
    await expectError(await call("/api/nope"), 404, "not-found");
    await expectError(await call("/api"), 404, "not-found");
    await expectError(await call("/api/players", { method: "DELETE" }), 404, "not-found");
    await expectError(await call("/api/puzzles/today/nope"), 404, "not-found");
  });

  it("reports health", async () => {
    const body = await callJson("/api/health");
    expect(body).toEqual({ status: "ok", database: "ok", puzzles: "ok", today: new Date().toISOString().slice(0, 10) });
  });
});

describe("secrets", () => {
  it("never appear in a response", async () => {
    const secret = env.DAILY_SECRET as string;
    const player = await newPlayer("Someone");
    const round = await startRound(player);
    const bodies = await Promise.all(
      ["/api/health", "/api/puzzles/today", "/api/puzzles?limit=5", "/api/puzzles/today/leaderboard", `/api/rounds/${round.roundId}/words`].map(async (path) => {
        const res = await call(path, path.includes("/words") ? { json: { ticket: round.ticket, word: "test" } } : {});
        return `${[...res.headers].join("\n")}\n${await res.text()}`;
      }),
    );
    for (const body of bodies) expect(body).not.toContain(secret);
  });
});
