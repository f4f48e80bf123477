// "Your data" on the Stats page in Chromium: "Download my data" saves one JSON file with the
// player's rows; "Delete my account" asks for its box, then the passkey (Chromium's virtual
// authenticator), deletes the account and signs the browser out: the old token is refused, and the
// footer of every page links to the privacy page.
import { readFile } from "node:fs/promises";
import { expect, test } from "vitest";
import { useBrowser } from "./fixture.ts";
import { baseUrl } from "./helpers.ts";
import { storedPlayer, virtualAuthenticator } from "./passkey-helpers.ts";

const browser = useBrowser();

test("downloads the player's data, then deletes the account with its passkey and signs out", async () => {
  const name = `Leaver ${String(Date.now() % 100_000).padStart(5, "0")}`;
  const res = await fetch(`${baseUrl}/api/players`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name }) });
  const player = (await res.json()) as { playerId: string; token: string };
  const { context, page, errors } = await browser.open("/how-to-play");
  // Every page's footer links to the privacy page.
  await page.getByRole("link", { name: "Privacy and your data" }).click();
  await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Privacy");
  await page.evaluate(`localStorage.setItem("tw:player", ${JSON.stringify(JSON.stringify({ playerId: player.playerId, token: player.token }))})`);
  await virtualAuthenticator(context, page);
  await page.goto("/stats");
  await page.getByRole("button", { name: "Keep my streak on every device" }).click();
  await expect.poll(() => page.locator("[data-passkey]").count(), { timeout: 15_000 }).toBe(1);

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download my data" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`tumbleword-${player.playerId}.json`);
  const data = JSON.parse(await readFile((await file.path())!, "utf8"));
  expect(data.rows.players).toEqual([expect.objectContaining({ id: player.playerId, name })]);
  expect(data.rows.passkeys).toHaveLength(1);

  const remove = page.getByRole("button", { name: "Delete my account" });
  expect(await remove.isDisabled()).toBe(true);
  await page.getByLabel("I understand: delete my account for good").check();
  await remove.click();
  await expect.poll(() => page.locator("[data-your-data-status]").textContent(), { timeout: 15_000 }).toBe("Your account is deleted, and this browser is signed out.");
  expect(await storedPlayer(page)).toBeNull();
  const after = await fetch(`${baseUrl}/api/players/me/stats`, { headers: { authorization: `Bearer ${player.token}` } });
  expect(after.status).toBe(401);
  expect(errors).toEqual([]);
});
