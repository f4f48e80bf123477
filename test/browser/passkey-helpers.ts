// Passkeys in the browser tests: Chromium's virtual authenticator (the DevTools protocol's WebAuthn
// domain) on a page, and the player the page keeps in its storage.
import type { BrowserContext, CDPSession, Page } from "playwright-core";

/** Adds a virtual platform authenticator (resident keys, user verified) to the page; its DevTools session and id. */
export async function virtualAuthenticator(context: BrowserContext, page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
  return { cdp, authenticatorId };
}

/** The id of the player the page keeps in its storage (null: none). */
export const storedPlayer = (page: Page): Promise<string | null> => page.evaluate<string | null>(`JSON.parse(localStorage.getItem("tw:player") ?? "null")?.playerId ?? null`);
