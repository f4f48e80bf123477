// The "Embed this board" dialog: builds the widget snippet for this site's origin.
import { copyText } from "./share.ts";

export function embedSnippet(origin: string, theme: string): string {
  const themeAttr = theme ? ` data-theme="${theme}"` : "";
  return `<script src="${origin}/widget.js" data-date="today"${themeAttr} async></script>`;
}

export function initEmbedDialog(): void {
  const dialog = document.querySelector<HTMLDialogElement>("[data-embed-dialog]");
  const open = document.querySelector<HTMLButtonElement>("[data-embed-open]");
  if (!dialog || !open) return;
  const code = dialog.querySelector<HTMLTextAreaElement>("[data-embed-code]")!;
  const theme = dialog.querySelector<HTMLSelectElement>("[data-embed-theme]")!;
  const feedback = dialog.querySelector<HTMLElement>("[data-embed-feedback]")!;
  const update = () => (code.value = embedSnippet(location.origin, theme.value));
  theme.addEventListener("change", update);
  open.addEventListener("click", () => {
    update();
    feedback.textContent = "";
    dialog.showModal();
    code.select();
  });
  dialog.querySelector("[data-embed-close]")!.addEventListener("click", () => dialog.close());
  dialog.querySelector("[data-embed-copy]")!.addEventListener("click", async () => {
    if (await copyText(code.value)) feedback.textContent = "Copied.";
    else {
      code.select();
      feedback.textContent = "Press Ctrl+C (or Cmd+C) to copy the selected snippet.";
    }
  });
}
