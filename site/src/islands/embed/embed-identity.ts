// The embed iframe's identity. A frame on another site gets its own partitioned storage in most
// browsers, or none at all where the browser blocks third-party storage (Chromium's default):
// 1. storage works (partitioned): the token lives there, as on the site;
// 2. storage blocked, cookies kept: the Worker keeps the token in the frame's partitioned cookie
//    (CHIPS) and the round resumes from the server after a reload (identity.ts, worker/embed/routes.ts);
// 3. nothing kept: the game plays in memory, unranked (a new player per reload would be a new
//    ranked round each time), and one line says so; linking below makes it ranked.
// Either way a player who played on Tumbleword itself may continue as themselves:
// - the Storage Access API: after a tap, read the site's own (unpartitioned) storage where the
//   browser grants it (Chrome returns a handle with localStorage; others unpartition the frame);
// - a one-time "continue as ..." code from the site's Stats page, redeemed with the API.
import { ApiError, embedSession, identity, links } from "../../core/api.ts";
import { type Identity, adoptIdentity, identityIn, keepIn, keptIn, knownPlayer } from "../../core/identity.ts";
import { storageWorks } from "../../core/storage.ts";
import { FRAME_MESSAGES } from "../../i18n/frame.ts";
import { pageLanguage } from "../../i18n/messages.ts";
import { errorReason } from "../../core/error-reason.ts";

interface StorageAccessHandle {
  localStorage?: Storage;
}
type StorageAccessDocument = Document & {
  hasStorageAccess?: () => Promise<boolean>;
  requestStorageAccess?: (types?: { localStorage?: boolean }) => Promise<StorageAccessHandle | undefined>;
};

/** Where storage is blocked: whether the frame keeps our cookie (asked twice on a first visit: the first answer sets a probe). */
async function cookieSession(): Promise<{ cookies: boolean; playerId: string | null }> {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const session = await embedSession.read();
      if (session.cookies) return { cookies: true, playerId: session.player?.playerId ?? null };
    } catch (error) {
      // A cookie the server refuses (expired, revoked) was still kept: a new player will replace it.
      if (error instanceof ApiError && error.status === 401) return { cookies: true, playerId: null };
      if (!(error instanceof ApiError && error.transient)) break;
    }
  }
  return { cookies: false, playerId: null };
}

/**
 * <tw-embed-link> (EmbedLink.astro): the panel offering to continue as the site's player, and the
 * line shown when the frame can keep nothing.
 */
export class EmbedLinkElement extends HTMLElement {
  private readonly t = FRAME_MESSAGES[pageLanguage()];

  private child<T extends HTMLElement = HTMLElement>(name: string): T {
    const el = this.querySelector<T>(`[data-${name}]`);
    if (!el) throw new Error(`<tw-embed-link> lacks its [data-${name}]`);
    return el;
  }

  /** Settles where the player is kept and sets up the panel (unless `offer` is false); `onLinked` runs once linked. */
  async settle(onLinked: () => void, offer = true): Promise<void> {
    if (!storageWorks()) {
      const { cookies, playerId } = await cookieSession();
      keepIn(cookies ? "cookie" : "nothing", playerId);
      this.child("embed-keeps-nothing").hidden = cookies;
    }
    // Only worth offering in a frame, to someone not yet known: on the site itself the identity is already there.
    if (!offer || knownPlayer() || window.parent === window) return;
    const t = this.t;
    const panel = this.child("embed-link");
    panel.hidden = false;
    const feedback = this.child("embed-link-feedback");
    const say = (text: string) => (feedback.textContent = text);
    const link = async (found: Identity, name: string | null) => {
      adoptIdentity(found);
      // Kept for the next visit: in the cookie where storage is blocked.
      if (keptIn() === "cookie") await embedSession.keep();
      say(name ? t.welcomeBack(name) : t.linked);
      panel.hidden = true;
      this.child("embed-keeps-nothing").hidden = true;
      onLinked();
    };

    const doc = document as StorageAccessDocument;
    const request = doc.requestStorageAccess?.bind(doc);
    const access = this.child<HTMLButtonElement>("embed-link-access");
    if (request) {
      access.hidden = false;
      access.addEventListener("click", async () => {
        try {
          const handle = await request({ localStorage: true }).catch(() => request());
          const found = identityIn(handle?.localStorage ?? localStorage);
          if (!found) return say(t.noPlayerHere);
          await link(found, null);
        } catch {
          say(t.accessRefused);
        }
      });
    }

    const codeInput = this.child<HTMLInputElement>("embed-link-code");
    this.child<HTMLFormElement>("embed-link-form").addEventListener("submit", async (e) => {
      e.preventDefault();
      say(t.checking);
      try {
        const player = await links.redeem(codeInput.value);
        await link(player, player.name);
      } catch (error) {
        say(error instanceof ApiError ? t.codeFailed(errorReason(error)) : t.tryAgain);
      }
    });
  }

  /** The frame plays on in memory (nothing kept): linking now would not change the round started. */
  closeOffer(): void {
    if (!identity()) this.child("embed-link").hidden = true;
  }
}

customElements.define("tw-embed-link", EmbedLinkElement);
