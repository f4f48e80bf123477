// A device whose clock is wrong still gets the whole ranked round: the page times the round by the
// server's clock (the round's answer carries it), not by the device's.
import { expect, test } from "vitest";
import { useBrowser } from "./fixture.ts";
import { plainWords, roundSeconds, startRound, todayPuzzle } from "./helpers.ts";

const browser = useBrowser();

/** Seconds left on the page's round timer ("m:ss"). */
const secondsLeft = (text: string | null) => {
  const [, minutes, seconds] = /^(\d+):(\d\d)$/.exec(text ?? "") ?? [];
  return minutes === undefined ? Number.NaN : Number(minutes) * 60 + Number(seconds);
};

for (const [label, offsetMs] of [["five minutes fast", 5 * 60_000], ["five minutes slow", -5 * 60_000]] as const) {
  test(`with the device's clock ${label}, the timer shows the round's real time left and words count`, async () => {
    const { page, errors } = await browser.open("/", { clockOffsetMs: offsetMs });
    // The page really runs on the misset clock.
    expect(Math.abs((await page.evaluate<number>("Date.now()")) - Date.now() - offsetMs)).toBeLessThan(30_000);
    await startRound(page);
    const timer = page.locator("[data-timer]");
    await expect.poll(async () => secondsLeft(await timer.textContent())).toBeGreaterThan(0);
    expect(secondsLeft(await timer.textContent())).toBeLessThanOrEqual(roundSeconds);
    const word = plainWords(await todayPuzzle())[0];
    await page.locator("[data-word]").fill(word.word);
    await page.locator("[data-word]").press("Enter");
    await expect.poll(() => page.locator("[data-feedback]").textContent()).toBe(`${word.word.toUpperCase()} +${word.points}`);
    await expect.poll(() => page.locator("[data-score]").textContent()).toBe(String(word.points));
    expect(errors).toEqual([]);
  });
}
