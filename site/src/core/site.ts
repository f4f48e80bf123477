// Runs on every page: the theme toggle, the service worker that keeps pages, scripts and the
// lexicon available offline (practice works without a network once visited), the language chosen
// (language-choice.ts), and the reminders switch where a page has one.
import "./theme.ts";
import { initLanguageChoice } from "./language-choice.ts";

export function initSite(): void {
  initLanguageChoice();
  if ("serviceWorker" in navigator && !document.body.classList.contains("embed")) {
    navigator.serviceWorker.register("/sw.js").catch(() => undefined);
  }
  // The reminders switch (Reminders.astro) is not needed before the page has loaded (on the results
  // card, not before a round ends): its code (subscription, the server's key) comes after, off the
  // page's first load, and from here rather than a script of its own (one request fewer then).
  if (document.querySelector("tw-reminders")) {
    const load = () => void import("../islands/account/reminders.ts");
    if (document.readyState === "complete") load();
    else window.addEventListener("load", load, { once: true });
  }
}
