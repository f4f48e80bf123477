// <tw-embed>: the compact page inside other sites' iframes (/embed?date=today|YYYY-MM-DD&theme=
// light|dark, ?room=CODE, or ?league=KEY; ?lang=fr and so on are served the page in that language
// by the Worker). It picks the theme, then the live room (whose script loads only here), a league's
// table (read-only, by its embed key, which joins nothing), or the daily board, started once the
// player's identity is settled (embed-identity.ts: storage, the frame's cookie, or nothing kept).
import { isIsoDate } from "#engine";
import { reportHeight } from "./embed-frame.ts";
import type { EmbedLinkElement } from "./embed-identity.ts";
import { puzzleKey } from "#game/puzzle-key.ts";
import { embedSession } from "../../core/api.ts";
import { LOCAL_PLAY_EVENT, keptIn, knownPlayer } from "../../core/identity.ts";
import type { GameElement } from "../daily/main.ts";
import { boardLanguageOf } from "../../core/board-language.ts";

export class EmbedElement extends HTMLElement {
  connectedCallback(): void {
    const params = new URLSearchParams(location.search);
    const theme = params.get("theme");
    if (theme === "light" || theme === "dark") document.documentElement.dataset.theme = theme;
    const game = this.querySelector<GameElement>("tw-game");
    const roomBox = this.querySelector<HTMLElement>("[data-embed-room]");
    const room = params.get("room");
    const league = params.get("league");
    const leagueBox = this.querySelector<HTMLElement>("[data-embed-league]");
    if (league) {
      game?.remove();
      roomBox?.remove();
      if (leagueBox) {
        leagueBox.hidden = false;
        void this.showLeague(leagueBox, league.toUpperCase());
      }
    } else if (room) {
      leagueBox?.remove();
      game?.remove();
      if (roomBox) {
        roomBox.hidden = false;
        void this.joinRoom(room.toUpperCase());
      }
    } else {
      roomBox?.remove();
      leagueBox?.remove();
      const requested = params.get("date") ?? "today";
      if (game) void this.playDaily(game, requested === "today" || isIsoDate(requested) ? requested : "today");
    }
    reportHeight();
  }

  private async joinRoom(code: string): Promise<void> {
    // The player's seat counts in their stats where the frame keeps them (no offer to link here).
    await customElements.whenDefined("tw-embed-link");
    await this.querySelector<EmbedLinkElement>("tw-embed-link")?.settle(() => undefined, false);
    const { RoomElement } = await import("../room/main.ts");
    const room = this.querySelector("tw-room");
    if (room instanceof RoomElement) room.join(code);
  }

  private async showLeague(box: HTMLElement, code: string): Promise<void> {
    const { showEmbeddedLeague } = await import("./embed-league.ts");
    await showEmbeddedLeague(box, code);
    reportHeight();
  }

  private async playDaily(game: GameElement, date: string): Promise<void> {
    await Promise.all([customElements.whenDefined("tw-game"), customElements.whenDefined("tw-embed-link")]);
    const link = this.querySelector<EmbedLinkElement>("tw-embed-link");
    // Linked to the site's player: start again as them (their round comes back, never a second
    // one), unless the frame keeps nothing (a reload would forget them): then the next Start is theirs.
    await link?.settle(() => {
      if (keptIn() !== "nothing") location.reload();
    });
    game.addEventListener(LOCAL_PLAY_EVENT, () => link?.closeOffer());
    void game.play(date, boardLanguageOf(game), { resume: await this.roundOnServer(game, date) });
  }

  /**
   * Where the frame keeps its player in its cookie, nothing of the game is stored: whether the
   * server has their round of this board, which the game then resumes without a tap (its clock
   * is running). Elsewhere the stored game says so itself.
   */
  private async roundOnServer(game: GameElement, date: string): Promise<boolean> {
    if (keptIn() !== "cookie" || !knownPlayer()) return false;
    try {
      return (await embedSession.read(puzzleKey(date, boardLanguageOf(game)))).round;
    } catch {
      return false;
    }
  }
}

customElements.define("tw-embed", EmbedElement);
