// Sharing a result: the Web Share API where there is one, else the clipboard, else a selectable
// text the player can copy by hand.
import { type ResultSummary, resultText } from "./result-text.ts";
import { messages } from "../../i18n/messages.ts";

export type ShareOutcome = "shared" | "copied" | "manual" | "cancelled";

export async function shareText(text: string, fallbackField?: HTMLTextAreaElement): Promise<ShareOutcome> {
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ text });
      return "shared";
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") return "cancelled";
      // Not allowed here (some iframes, some desktops): fall through to the clipboard.
    }
  }
  if (await copyText(text)) return "copied";
  if (fallbackField) {
    fallbackField.hidden = false;
    fallbackField.value = text;
    fallbackField.select();
  }
  return "manual";
}

export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** What the page says after a share, in the page's language: nothing when the system's share sheet took it. */
function outcomeText(outcome: ShareOutcome): string {
  const t = messages().trouble;
  return outcome === "copied" ? t.shareCopied : outcome === "manual" ? t.shareManual : "";
}

/** Shares a result with a link to the site; resolves to the outcome and what to tell the player. */
export async function shareResult(summary: Omit<ResultSummary, "url">, fallbackField?: HTMLTextAreaElement): Promise<{ outcome: ShareOutcome; text: string }> {
  const page = summary.lang === undefined || summary.lang === "en" ? "/" : `/${summary.lang}`;
  const outcome = await shareText(resultText({ ...summary, url: `${location.origin}${page}` }), fallbackField);
  return { outcome, text: outcomeText(outcome) };
}
