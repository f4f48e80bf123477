// Runs on every page: the theme toggle, and the service worker that keeps pages, scripts and the
// lexicon available offline (practice works without a network once visited).
import { initThemeToggle } from "./theme.ts";

export function initSite(): void {
  const toggle = document.querySelector<HTMLButtonElement>("[data-theme-toggle]");
  if (toggle) initThemeToggle(toggle);
  if ("serviceWorker" in navigator && !document.body.classList.contains("embed")) {
    navigator.serviceWorker.register("/sw.js").catch(() => undefined);
  }
}
