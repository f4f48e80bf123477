// Sharing a result: the Web Share API where there is one, else the clipboard, else a selectable
// text the player can copy by hand.

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
