// After the ranked round, on a phone: a hint opened in free play is not part of the ranked
// result (neither on the card nor in its share text), while a hint taken during the round is.
import { expect, test } from "vitest";
import { lexiconReady, roundOver, useBrowser } from "./fixture.ts";
import { baseUrl, startRound } from "./helpers.ts";
import { endRoundIn } from "./round-clock.ts";

const browser = useBrowser();

test("a hint opened after the ranked round stays out of the ranked card and share text", { timeout: 120_000 }, async () => {
  const { page, context, errors } = await browser.open("/", { viewport: "phone" });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl });
  await startRound(page);
  await lexiconReady(page);
  // During the round: the first-two-letters hint (it helps the ranked score).
  await page.getByRole("button", { name: "First two letters" }).click();
  await roundOver(page, { endsAt: await endRoundIn(page, 3000) });
  const card = page.locator("dialog[data-results]");
  await card.waitFor();
  expect(await card.locator("[data-results-hints]").textContent()).toBe("first two letters");
  await card.getByRole("button", { name: "Close" }).click();

  // Free play: the length grid.
  await page.getByRole("button", { name: "Words left by length" }).click();
  await page.locator("[data-hint-table] table").waitFor();

  await page.getByRole("button", { name: "Your result" }).click();
  await card.waitFor();
  expect(await card.locator("[data-results-hints]").textContent()).toBe("first two letters");
  await card.getByRole("button", { name: "Share" }).click();
  await expect.poll(() => card.locator("[data-results-feedback]").textContent()).toBe("Result copied to the clipboard.");
  const shared = await page.evaluate<string>("navigator.clipboard.readText()");
  expect(shared).toContain("Hints: first two letters\n");
  expect(shared).not.toContain("word counts");
  expect(errors).toEqual([]);
});
