// <tw-embed-dialog> (EmbedDialog.astro): the "Embed this board" button and dialog, with the widget
// snippet for this site's origin.
import { copyText } from "./share.ts";

export function embedSnippet(origin: string, theme: string): string {
  const themeAttr = theme ? ` data-theme="${theme}"` : "";
  return `<script src="${origin}/widget.js" data-date="today"${themeAttr} async></script>`;
}

export class EmbedDialogElement extends HTMLElement {
  connectedCallback(): void {
    const dialog = this.querySelector("dialog");
    const open = this.querySelector("[data-embed-open]");
    const code = this.querySelector<HTMLTextAreaElement>("[data-embed-code]");
    const theme = this.querySelector<HTMLSelectElement>("[data-embed-theme]");
    const feedback = this.querySelector<HTMLElement>("[data-embed-feedback]");
    if (!dialog || !open || !code || !theme || !feedback) return;
    const update = () => (code.value = embedSnippet(location.origin, theme.value));
    theme.addEventListener("change", update);
    open.addEventListener("click", () => {
      update();
      feedback.textContent = "";
      dialog.showModal();
      code.select();
    });
    this.querySelector("[data-embed-close]")?.addEventListener("click", () => dialog.close());
    this.querySelector("[data-embed-copy]")?.addEventListener("click", async () => {
      if (await copyText(code.value)) feedback.textContent = "Copied.";
      else {
        code.select();
        feedback.textContent = "Press Ctrl+C (or Cmd+C) to copy the selected snippet.";
      }
    });
  }
}

customElements.define("tw-embed-dialog", EmbedDialogElement);
