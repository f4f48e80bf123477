// Feedback beyond the verdict line: the board flashes on an accepted word and shakes on a refused
// one (CSS animations, switched off under prefers-reduced-motion), and phones give a short
// vibration where the browser has navigator.vibrate.
export type Tone = "good" | "bad";

const VIBRATION: Record<Tone, number | number[]> = { good: 12, bad: [25, 40, 25] };

export function signal(board: HTMLElement | null, tone: Tone): void {
  if (board) {
    board.classList.remove("is-accept", "is-reject");
    // Restart the animation even when the same tone comes twice in a row.
    void board.offsetWidth;
    board.classList.add(tone === "good" ? "is-accept" : "is-reject");
    board.addEventListener("animationend", () => board.classList.remove("is-accept", "is-reject"), { once: true });
  }
  if (typeof navigator.vibrate === "function" && !matchMedia("(prefers-reduced-motion: reduce)").matches) {
    try {
      navigator.vibrate(VIBRATION[tone]);
    } catch {
      // Some browsers refuse vibration without a recent tap: silence is fine.
    }
  }
}
