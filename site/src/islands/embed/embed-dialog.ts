// <tw-embed-dialog> (EmbedDialog.astro): the "Embed this board" button and dialog, with the widget
// snippet for this site's origin and the page's board language.
import { isLanguageCode } from "#engine";
import { messages } from "../../i18n/messages.ts";
import { copyText } from "../daily/share.ts";

export function embedSnippet(origin: string, theme: string, lang = "en"): string {
  const themeAttr = theme ? ` data-theme="${theme}"` : "";
  const langAttr = lang !== "en" && isLanguageCode(lang) ? ` data-lang="${lang}"` : "";
  return `<script src="${origin}/widget.js" data-date="today"${langAttr}${themeAttr} async></script>`;
}

export class EmbedDialogElement extends HTMLElement {
  connectedCallback(): void {
    const dialog = this.querySelector("dialog");
    const open = this.querySelector("[data-embed-open]");
    const code = this.querySelector<HTMLTextAreaElement>("[data-embed-code]");
    const theme = this.querySelector<HTMLSelectElement>("[data-embed-theme]");
    const feedback = this.querySelector<HTMLElement>("[data-embed-feedback]");
    if (!dialog || !open || !code || !theme || !feedback) return;
    const t = messages().home.embed;
    const update = () => (code.value = embedSnippet(location.origin, theme.value, this.dataset.lang));
    theme.addEventListener("change", update);
    open.addEventListener("click", () => {
      update();
      feedback.textContent = "";
      dialog.showModal();
      code.select();
    });
    this.querySelector("[data-embed-close]")?.addEventListener("click", () => dialog.close());
    this.querySelector("[data-embed-copy]")?.addEventListener("click", async () => {
      if (await copyText(code.value)) feedback.textContent = t.copied;
      else {
        code.select();
        feedback.textContent = t.copyByHand;
      }
    });
  }
}

customElements.define("tw-embed-dialog", EmbedDialogElement);
