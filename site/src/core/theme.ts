// The theme buttons, in the page's language (their labels come with the markup). The light/dark
// button is named after the theme it switches to ("Light mode" on a dark page); the high-contrast
// button is a toggle (aria-pressed) beside it. With no choice stored the page follows
// prefers-color-scheme; a choice is stored and applied by /theme.js before first paint, so there
// is no flash of the wrong theme.
import { removeItem, writeItem } from "./storage.ts";

const KEY = "tw:theme";

type Theme = "light" | "dark" | "contrast";

function effectiveTheme(): Theme {
  const chosen = document.documentElement.dataset.theme;
  if (chosen === "light" || chosen === "dark" || chosen === "contrast") return chosen;
  return matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

/** <tw-theme-toggle>: the header's theme buttons. */
export class ThemeToggleElement extends HTMLElement {
  connectedCallback(): void {
    const button = this.querySelector<HTMLButtonElement>("[data-theme-toggle]");
    const contrast = this.querySelector<HTMLButtonElement>("[data-contrast-toggle]");
    if (button) initThemeToggle(button, contrast);
  }
}

function initThemeToggle(button: HTMLButtonElement, contrast: HTMLButtonElement | null): void {
  // The button names the theme it switches to (a toggle's label must not stay "Dark mode" in both).
  // High contrast is a dark theme: its way out is "Light mode" too.
  const sync = () => {
    const theme = effectiveTheme();
    const to = theme === "light" ? "dark" : "light";
    button.textContent = (to === "dark" ? button.dataset.labelDark : button.dataset.labelLight) ?? to;
    button.dataset.to = to;
    contrast?.setAttribute("aria-pressed", String(theme === "contrast"));
  };
  const choose = (theme: Theme | null) => {
    if (theme) document.documentElement.dataset.theme = theme;
    else delete document.documentElement.dataset.theme;
    // Where nothing can be stored the choice lasts for this page only.
    if (theme) writeItem(KEY, theme);
    else removeItem(KEY);
    sync();
  };
  sync();
  matchMedia("(prefers-color-scheme: dark)").addEventListener("change", sync);
  button.addEventListener("click", () => choose(effectiveTheme() === "light" ? "dark" : "light"));
  // Turning high contrast off goes back to following the system.
  contrast?.addEventListener("click", () => choose(effectiveTheme() === "contrast" ? null : "contrast"));
}

customElements.define("tw-theme-toggle", ThemeToggleElement);
