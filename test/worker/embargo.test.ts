// The solution embargo at midnight, with a mocked clock: a day's solution is public only once no
// ranked round of the day can still be open (its close + a round's length + the grace); before
// that only a player whose own ranked round is over may read it, privately.
import { afterEach, describe, expect, it, vi } from "vitest";
import { GRACE_MS } from "#game/round.ts";
import { call, expectError, newPlayer, startRound } from "./helpers.ts";

const DAY = "2026-06-01";
const at = (iso: string) => vi.setSystemTime(new Date(iso));
const solution = `/api/puzzles/${DAY}/solution`;

afterEach(() => {
  vi.useRealTimers();
});

describe("the solution embargo", () => {
  it("keeps the solution from anyone but finished players until the day's last round has ended", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    // One player finished early in the evening; another starts at 23:59, running into the next day.
    at(`${DAY}T23:50:00Z`);
    const early = await newPlayer();
    await startRound(early);
    at(`${DAY}T23:59:00Z`);
    const late = await newPlayer();
    const lateRound = await startRound(late);
    expect(lateRound.ranked).toBe(true);
    expect(lateRound.endsAt).toBe("2026-06-02T00:02:00.000Z");

    at("2026-06-02T00:00:10Z");
    // Anonymous: refused, with when it opens: the latest a round of the day can end (one started
    // at the last moment of the day) plus the grace.
    const anonymous = await call(solution);
    const opens = new Date(Date.parse("2026-06-02T00:00:00Z") + 180_000 + GRACE_MS).toISOString();
    expect(opens).toBe("2026-06-02T00:03:05.000Z");
    const refusal = await anonymous.clone().json<any>();
    await expectError(anonymous, 403, "forbidden");
    expect(refusal.error.message).toContain(opens);
    // The round still open cannot read it either, so it cannot feed itself the maximum score.
    await expectError(await call(solution, { token: late.token }), 403, "forbidden");
    // The player whose round ended may, privately: never a public or cached answer.
    const mine = await call(solution, { token: early.token });
    expect(mine.status).toBe(200);
    expect(mine.headers.get("Cache-Control")).toBe("private, no-store");
    expect((await mine.json<any>()).words.length).toBeGreaterThan(0);
    // That copy is not served to anyone else.
    await expectError(await call(solution), 403, "forbidden");

    at("2026-06-02T00:02:04Z");
    await expectError(await call(solution, { token: late.token }), 403, "forbidden");
    // Its round over (and the grace), the 23:59 player may read it; still nobody else.
    at("2026-06-02T00:02:06Z");
    expect((await call(solution, { token: late.token })).status).toBe(200);
    await expectError(await call(solution), 403, "forbidden");
    at("2026-06-02T00:03:04Z");
    await expectError(await call(solution), 403, "forbidden");

    at("2026-06-02T00:03:05Z");
    const open = await call(solution);
    expect(open.status).toBe(200);
    expect(open.headers.get("Cache-Control")).toMatch(/^public, max-age=\d+/);
    expect((await open.json<any>()).words.length).toBeGreaterThan(0);
  });
});
