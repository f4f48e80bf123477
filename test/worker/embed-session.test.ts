// The embed's cookie identity (worker/auth/embed-cookie.ts, worker/embed/routes.ts): a frame on
// another site whose storage is blocked keeps the player's token in a partitioned, HttpOnly
// cookie; only the embed page's own requests (EMBED_HEADER, same origin) are proven by it.
import { describe, expect, it } from "vitest";
import { EMBED_HEADER } from "#game/embed-session.ts";
import { call, callJson, countEverywhere, expectError, newPlayer, startRound, yesterday } from "./helpers.ts";

const FROM_EMBED = { [EMBED_HEADER]: "1", "Sec-Fetch-Site": "same-origin" };

/** The `name=value` pairs of the response's Set-Cookie headers, with their attributes. */
function cookiesOf(res: Response): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(";");
    out.set(pair!.slice(0, pair!.indexOf("=")), line);
  }
  return out;
}

const cookieValue = (line: string) => line.split(";")[0]!.split("=").slice(1).join("=");

describe("the embed's cookie session", () => {
  it("probes for cookies, then keeps the player's token in a partitioned HttpOnly cookie that resumes the same round", async () => {
    // First visit: no cookie yet, so the frame gets the probe cookie.
    const first = await call("/api/embed/session", { headers: FROM_EMBED });
    expect(await first.json()).toEqual({ cookies: false, player: null, round: false });
    const probe = cookiesOf(first).get("__Host-tw-embed-probe")!;
    expect(probe).toMatch(/; Secure/);
    expect(probe).toMatch(/; SameSite=None/);
    expect(probe).toMatch(/; Partitioned/);
    expect(first.headers.get("Cache-Control")).toBe("private, no-store");
    // The probe came back: cookies work here.
    const second = await callJson("/api/embed/session", { headers: { ...FROM_EMBED, Cookie: "__Host-tw-embed-probe=1" } });
    expect(second).toEqual({ cookies: true, player: null, round: false });

    const player = await newPlayer("Framed");
    const kept = await call("/api/embed/session", { method: "POST", token: player.token, headers: FROM_EMBED });
    expect(await kept.json()).toEqual({ playerId: player.playerId, name: "Framed" });
    const identity = cookiesOf(kept).get("__Host-tw-embed")!;
    expect(identity).toMatch(/; HttpOnly/);
    expect(identity).toMatch(/; Partitioned/);
    expect(identity).toMatch(/; Path=\//);
    expect(cookieValue(identity)).toBe(player.token);

    // A reload: the cookie alone proves the player, who has a round of today's board (not of yesterday's, nor of today's French one), which comes back.
    const cookie = { ...FROM_EMBED, Cookie: `__Host-tw-embed=${player.token}` };
    expect(await callJson("/api/embed/session?puzzle=today", { headers: cookie })).toEqual({ cookies: true, player: { playerId: player.playerId, name: "Framed" }, round: false });
    const round = await startRound(player);
    expect(await callJson("/api/embed/session?puzzle=today", { headers: cookie })).toEqual({ cookies: true, player: { playerId: player.playerId, name: "Framed" }, round: true });
    expect((await callJson(`/api/embed/session?puzzle=${yesterday()}`, { headers: cookie })).round).toBe(false);
    expect((await callJson("/api/embed/session?puzzle=today-fr", { headers: cookie })).round).toBe(false);
    await expectError(await call("/api/embed/session?puzzle=someday", { headers: cookie }), 400, "invalid-request");
    const resumed = await call("/api/puzzles/today/rounds", { method: "POST", headers: cookie });
    expect(resumed.status).toBe(200);
    expect(((await resumed.json()) as { roundId: string }).roundId).toBe(round.roundId);
    expect(await countEverywhere("select count(*) as n from rounds where player_id = ? and ranked = 1", player.playerId)).toBe(1);
  });

  it("ignores the cookie on requests that are not the embed page's own (no header, or from another site)", async () => {
    const player = await newPlayer();
    const cookie = `__Host-tw-embed=${player.token}`;
    // Without the header (a form or a no-cors request from another site): no player.
    await expectError(await call("/api/puzzles/today/rounds", { method: "POST", headers: { Cookie: cookie } }), 401, "unauthorized");
    // With the header but sent from another site (CORS would have refused it anyway).
    await expectError(await call("/api/puzzles/today/rounds", { method: "POST", headers: { Cookie: cookie, [EMBED_HEADER]: "1", "Sec-Fetch-Site": "cross-site" } }), 401, "unauthorized");
    await expectError(await call("/api/embed/session", { headers: { Cookie: cookie } }), 403, "forbidden");
    await expectError(await call("/api/embed/session", { method: "POST", token: player.token, headers: { [EMBED_HEADER]: "1", "Sec-Fetch-Site": "cross-site" } }), 403, "forbidden");
    // The session is set only from a bearer token: a cookie can't copy itself.
    await expectError(await call("/api/embed/session", { method: "POST", headers: { ...FROM_EMBED, Cookie: cookie } }), 400, "invalid-request");
    // Other origins may not send the header at all.
    const preflight = await call("/api/embed/session", { method: "OPTIONS", headers: { Origin: "https://blog.example", "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": EMBED_HEADER.toLowerCase() } });
    expect(preflight.headers.get("Access-Control-Allow-Headers")?.toLowerCase() ?? "").not.toContain(EMBED_HEADER.toLowerCase());
  });

  it("refuses a forged or bad token in the cookie as it would in the header", async () => {
    await expectError(await call("/api/puzzles/today/rounds", { method: "POST", headers: { ...FROM_EMBED, Cookie: "__Host-tw-embed=not-a-token" } }), 401, "unauthorized");
  });
});
