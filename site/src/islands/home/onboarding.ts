// <tw-onboarding> (Onboarding.astro): shows the walkthrough on a player's first visit, never again
// after it is dismissed (or the practice link taken); its "How it works" button opens it on demand.
import { savedDates } from "../daily/game-store.ts";
import { readItem, storageWorks, writeItem } from "../../core/storage.ts";

const SEEN_KEY = "tw:onboarded";

function seen(): boolean {
  // No storage at all: don't nag on every visit.
  return readItem(SEEN_KEY) !== null || !storageWorks();
}

function markSeen(): void {
  writeItem(SEEN_KEY, new Date().toISOString());
}

/** Someone who already has a game here isn't new. */
function hasGame(): boolean {
  try {
    return savedDates().length > 0;
  } catch {
    return false;
  }
}

export class OnboardingElement extends HTMLElement {
  connectedCallback(): void {
    const dialog = this.querySelector("dialog");
    if (!dialog) return;
    dialog.addEventListener("close", markSeen);
    dialog.querySelector("[data-onboarding-close]")?.addEventListener("click", () => dialog.close());
    dialog.querySelector("[data-onboarding-practice]")?.addEventListener("click", markSeen);
    // Focus goes to the primary action ("Got it"), not the first link in the dialog.
    const open = () => {
      dialog.showModal();
      dialog.querySelector<HTMLElement>("[data-onboarding-close]")?.focus();
    };
    this.querySelector("[data-onboarding-open]")?.addEventListener("click", open);
    if (!seen() && !hasGame()) {
      // Opened by itself, nothing had the focus before it: on closing, the keyboard lands on Start
      // (the page's next step) rather than the page's body. Opened on demand, it returns to its button.
      dialog.addEventListener("close", focusStartWhenShown, { once: true });
      open();
    }
  }
}

customElements.define("tw-onboarding", OnboardingElement);

/**
 * Puts the keyboard on Start, now or as soon as the game shows it (the walkthrough can be closed
 * before the puzzle has loaded); not if the player has put the focus somewhere else meanwhile.
 */
function focusStartWhenShown(): void {
  const start = document.querySelector<HTMLElement>("[data-start]");
  if (!start) return;
  if (!start.hidden) return start.focus();
  // Shown later: unless the player has moved the focus meanwhile (it sits on the page's body).
  const focus = () => {
    if (document.activeElement === null || document.activeElement === document.body) start.focus();
  };
  const observer = new MutationObserver(() => {
    if (start.hidden) return;
    observer.disconnect();
    focus();
  });
  observer.observe(start, { attributes: true, attributeFilter: ["hidden"] });
}
