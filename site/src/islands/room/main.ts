// <tw-room>: the live room's island (RoomView.astro). On /room and /room/CODE it reads the code
// from the address; inside the embed the page calls join() with the code from its query string.
import { initRoom, roomCodeFromPath } from "./room.ts";

export class RoomElement extends HTMLElement {
  private started = false;

  connectedCallback(): void {
    if (!this.hasAttribute("data-embed")) this.join(roomCodeFromPath(location.pathname));
  }

  /** Joins the room with this code (null: offer to create or join one); once per element. */
  join(code: string | null): void {
    if (this.started) return;
    this.started = true;
    initRoom(this, code, { embed: this.hasAttribute("data-embed") });
  }
}

customElements.define("tw-room", RoomElement);
