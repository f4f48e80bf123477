// <tw-your-data> (YourData.astro): "Download my data" saves the export (GET /api/players/me/export)
// as a JSON file; "Delete my account" needs its box ticked, then deletes the account (with the
// passkey's confirmation when the server asks for it) and signs this browser out.
import { WebAuthnError, startAuthentication } from "@simplewebauthn/browser";
import { ApiError, accountApi, identity, passkeyApi } from "../../core/api.ts";
import { partOf } from "../../core/parts.ts";
import { messages } from "../../i18n/messages.ts";

/** Saves `data` as a file the browser downloads. */
function saveFile(data: unknown, fileName: string): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: "application/json" }));
  const link = Object.assign(document.createElement("a"), { href: url, download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const reasonOf = (error: unknown) => (error instanceof ApiError || error instanceof WebAuthnError || error instanceof Error ? error.message : String(error));

export class YourDataElement extends HTMLElement {
  connectedCallback(): void {
    const download = partOf<HTMLButtonElement>(this, "your-data-download");
    const remove = partOf<HTMLButtonElement>(this, "your-data-delete");
    const confirm = partOf<HTMLInputElement>(this, "your-data-confirm");
    download.disabled = false;
    download.addEventListener("click", () => void this.download(download));
    confirm.addEventListener("change", () => (remove.disabled = !confirm.checked));
    remove.addEventListener("click", () => void this.delete(remove, confirm));
  }

  private status(text: string): void {
    partOf(this, "your-data-status").textContent = text;
  }

  private async download(button: HTMLButtonElement): Promise<void> {
    const t = messages().yourData;
    const player = identity();
    if (player === null) return this.status(t.noPlayer);
    button.disabled = true;
    this.status(t.downloading);
    try {
      saveFile(await accountApi.exportData(), `tumbleword-${player.playerId}.json`);
      this.status(t.downloaded);
    } catch (error) {
      this.status(t.failed(reasonOf(error)));
    } finally {
      button.disabled = false;
    }
  }

  private async delete(button: HTMLButtonElement, confirm: HTMLInputElement): Promise<void> {
    const t = messages().yourData;
    if (!confirm.checked) return;
    if (identity() === null) return this.status(t.noPlayer);
    button.disabled = true;
    this.status(t.deleting);
    try {
      try {
        await accountApi.deleteAccount();
      } catch (error) {
        if (!(error instanceof ApiError && error.code === "passkey-required")) throw error;
        this.status(t.passkeyNeeded);
        const { challengeId, options } = await passkeyApi.loginOptions();
        await accountApi.deleteAccount({ challengeId, response: await startAuthentication({ optionsJSON: options }) });
      }
      this.status(t.deleted);
      confirm.checked = false;
      confirm.disabled = true;
    } catch (error) {
      this.status(t.failed(reasonOf(error)));
      button.disabled = false;
    }
  }
}

customElements.define("tw-your-data", YourDataElement);
