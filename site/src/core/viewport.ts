// Phones: when the on-screen keyboard opens, the layout viewport stays tall but the visual
// viewport shrinks, hiding whatever sits under the keyboard. This marks the page while the
// keyboard is up (html.keyboard-open, and --visual-height) so the stylesheet can drop everything
// but the board, the word field, the verdict and a compact progress line, and keeps the word
// field in view.
const KEYBOARD_MIN_PX = 120;

export function followVisualViewport(field: HTMLElement | null): void {
  const vv = window.visualViewport;
  if (!vv) return;
  const root = document.documentElement;
  const update = () => {
    const open = window.innerHeight - vv.height > KEYBOARD_MIN_PX && document.activeElement === field;
    root.style.setProperty("--visual-height", `${Math.round(vv.height)}px`);
    if (open !== root.classList.contains("keyboard-open")) {
      root.classList.toggle("keyboard-open", open);
      if (open) field?.scrollIntoView({ block: "end" });
    }
  };
  vv.addEventListener("resize", update);
  field?.addEventListener("focus", update);
  field?.addEventListener("blur", () => setTimeout(update, 50));
}
