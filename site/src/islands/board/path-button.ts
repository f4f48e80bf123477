// A word button that lights the word's path on a board while it is hovered or focused (the
// solution list after the daily round, the missed words after a practice game).
import type { Path } from "#engine";

export interface PathDisplay {
  showPath(path: Path | null): void;
}

/** `rest` is what the board shows again when the pointer or focus leaves (default: no path). */
export function pathButton(word: string, path: Path, display: PathDisplay | null, rest: () => void = () => display?.showPath(null)): HTMLButtonElement {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "sol-word";
  button.textContent = word;
  const show = () => display?.showPath(path);
  button.addEventListener("mouseenter", show);
  button.addEventListener("focus", show);
  button.addEventListener("mouseleave", rest);
  button.addEventListener("blur", rest);
  return button;
}
