// Shows the walkthrough (Onboarding.astro) on a player's first visit, never again after it is
// dismissed (or the practice link taken); "How it works" opens it on demand.
const SEEN_KEY = "tw:onboarded";

function seen(): boolean {
  try {
    return localStorage.getItem(SEEN_KEY) !== null;
  } catch {
    return true; // no storage: don't nag on every visit
  }
}

function markSeen(): void {
  try {
    localStorage.setItem(SEEN_KEY, new Date().toISOString());
  } catch {
    // Shown again next time, which is the best that can be done without storage.
  }
}

export function initOnboarding(): void {
  const dialog = document.querySelector<HTMLDialogElement>("[data-onboarding]");
  if (!dialog) return;
  dialog.addEventListener("close", markSeen);
  dialog.querySelector("[data-onboarding-close]")?.addEventListener("click", () => dialog.close());
  dialog.querySelector("[data-onboarding-practice]")?.addEventListener("click", markSeen);
  for (const opener of document.querySelectorAll("[data-onboarding-open]")) opener.addEventListener("click", () => dialog.showModal());
  // Someone who already has a game here isn't new.
  const hasGame = (() => {
    try {
      return Object.keys(localStorage).some((k) => k.startsWith("tw:game:"));
    } catch {
      return false;
    }
  })();
  if (!seen() && !hasGame) dialog.showModal();
}
