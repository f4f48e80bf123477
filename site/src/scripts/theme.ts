// The theme button, named after the theme it switches to ("Light mode" on a dark page). With no choice stored the page follows prefers-color-scheme; a choice is
// stored and applied by /theme.js before first paint, so there is no flash of the wrong theme.
import { writeItem } from "./storage.ts";

const KEY = "tw:theme";

type Theme = "light" | "dark";

function effectiveTheme(): Theme {
  const chosen = document.documentElement.dataset.theme;
  if (chosen === "light" || chosen === "dark") return chosen;
  return matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

/** <tw-theme-toggle>: the header's dark-mode button. */
export class ThemeToggleElement extends HTMLElement {
  connectedCallback(): void {
    const button = this.querySelector("button");
    if (button) initThemeToggle(button);
  }
}

function initThemeToggle(button: HTMLButtonElement): void {
  // The button names the theme it switches to (a toggle's label must not stay "Dark mode" in both).
  const sync = () => {
    const dark = effectiveTheme() === "dark";
    button.textContent = dark ? "Light mode" : "Dark mode";
    button.dataset.to = dark ? "light" : "dark";
  };
  sync();
  matchMedia("(prefers-color-scheme: dark)").addEventListener("change", sync);
  button.addEventListener("click", () => {
    const next: Theme = effectiveTheme() === "dark" ? "light" : "dark";
    document.documentElement.dataset.theme = next;
    // Where nothing can be stored the choice lasts for this page only.
    writeItem(KEY, next);
    sync();
  });
}

customElements.define("tw-theme-toggle", ThemeToggleElement);
