// The embed iframe's identity. Its storage is partitioned by the embedding site, so a player who
// played on Tumbleword itself would otherwise be a new player here. Two ways to carry them over:
// 1. the Storage Access API: after a tap, read the site's own (unpartitioned) storage where the
//    browser grants it (Chrome returns a handle with localStorage; others unpartition the frame);
// 2. a one-time "continue as ..." code from the site's Stats page, redeemed with the API.
// Where the frame may store nothing at all, it says so instead of failing on the first write.
import { ApiError, identity, links } from "./api.ts";
import { adoptIdentity, identityIn } from "./identity.ts";
import { storageWorks } from "./storage.ts";

interface StorageAccessHandle {
  localStorage?: Storage;
}
type StorageAccessDocument = Document & {
  hasStorageAccess?: () => Promise<boolean>;
  requestStorageAccess?: (types?: { localStorage?: boolean }) => Promise<StorageAccessHandle | undefined>;
};


/**
 * <tw-embed-link> (EmbedLink.astro): the panel offering to continue as the site's player, and the
 * notice shown when the frame may store nothing.
 */
export class EmbedLinkElement extends HTMLElement {
  private child<T extends HTMLElement = HTMLElement>(name: string): T {
    const el = this.querySelector<T>(`[data-${name}]`);
    if (!el) throw new Error(`<tw-embed-link> lacks its [data-${name}]`);
    return el;
  }

  /** Sets up the panel; false when the frame has no storage (the game must not start). */
  settle(onLinked: () => void): boolean {
    if (!storageWorks()) {
      this.child("embed-storage").hidden = false;
      return false;
    }
    // Only worth offering in a frame, to someone not yet known: on the site itself the identity is already there.
    if (identity() || window.parent === window) return true;
    const panel = this.child("embed-link");
    panel.hidden = false;
    const feedback = this.child("embed-link-feedback");
    const say = (text: string) => (feedback.textContent = text);
    const linked = (name: string | null) => {
      say(name ? `Welcome back, ${name}!` : "Linked: you continue as yourself.");
      panel.hidden = true;
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
          if (!found) return say("No Tumbleword player found in this browser: use a code from the Stats page instead.");
          adoptIdentity(found);
          linked(null);
        } catch {
          say("The browser didn't allow it: use a code from Tumbleword's Stats page instead.");
        }
      });
    }

    const codeInput = this.child<HTMLInputElement>("embed-link-code");
    this.child<HTMLFormElement>("embed-link-form").addEventListener("submit", async (e) => {
      e.preventDefault();
      say("Checking the code…");
      try {
        const player = await links.redeem(codeInput.value);
        adoptIdentity(player);
        linked(player.name);
      } catch (error) {
        say(error instanceof ApiError ? `That didn't work: ${error.message}` : "That didn't work; try again.");
      }
    });
    return true;
  }
}

customElements.define("tw-embed-link", EmbedLinkElement);
