// Runs on every page: the theme toggle, and the service worker that keeps pages, scripts and the
// lexicon available offline (practice works without a network once visited).
import "./theme.ts";

export function initSite(): void {
  if ("serviceWorker" in navigator && !document.body.classList.contains("embed")) {
    navigator.serviceWorker.register("/sw.js").catch(() => undefined);
  }
}
