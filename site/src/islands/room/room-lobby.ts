// Before play: the forms to create a room or go to one by its code (/room), and to join one
// under a name (/room/CODE when this browser holds no seat there).
import { isLanguageCode } from "#engine";
import { normalizeRoomCode } from "#game/room-code.ts";
import { rooms } from "../../core/api.ts";
import { partOf } from "../../core/parts.ts";
import { type Seat, rememberName, saveSeat } from "./room-seats.ts";
import { followSizeWithRules, readNewRoomSettings } from "./room-settings.ts";

/** Shows a line in the room's message area (empty hides it). */
export type Say = (text: string) => void;

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** /room: create a room (then go to its page), or go to a room by its code. */
export function showCreate(root: HTMLElement, say: Say): void {
  say("");
  partOf(root, "room-create").hidden = false;
  const form = partOf<HTMLFormElement>(root, "create-form");
  followSizeWithRules(form);
  // /room?lang=fr (from a language's pages) starts on that language's dice.
  const asked = new URLSearchParams(location.search).get("lang") ?? "";
  const lang = form.elements.namedItem("lang");
  if (isLanguageCode(asked) && lang instanceof HTMLSelectElement) lang.value = asked;
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const name = String(data.get("name") ?? "");
    const settings = readNewRoomSettings(data);
    if (settings === null) return say("Pick a board, rules and a round length.");
    try {
      const created = await rooms.create(name, settings);
      rememberName(name);
      saveSeat(created.code, created);
      location.assign(`/room/${created.code}`);
    } catch (error) {
      say(`The room could not be created: ${errorText(error)}`);
    }
  });
  const codeForm = partOf<HTMLFormElement>(root, "code-form");
  codeForm.addEventListener("submit", (event) => {
    event.preventDefault();
    const code = normalizeRoomCode(String(new FormData(codeForm).get("code") ?? ""));
    if (code) location.assign(`/room/${code}`);
    else say("Room codes are 4 letters, like ABCD.");
  });
}

/** /room/CODE without a seat here: join under a name, then play with the new seat. */
export function showJoin(root: HTMLElement, code: string, say: Say, onJoined: (seat: Seat) => void): void {
  say("");
  const panel = partOf(root, "room-join");
  panel.hidden = false;
  partOf(root, "join-code").textContent = code;
  const form = partOf<HTMLFormElement>(root, "join-form");
  form.onsubmit = async (event) => {
    event.preventDefault();
    const name = String(new FormData(form).get("name") ?? "");
    try {
      const seat = await rooms.join(code, name);
      rememberName(name);
      saveSeat(code, seat);
      panel.hidden = true;
      onJoined(seat);
    } catch (error) {
      say(`You could not join: ${errorText(error)}`);
    }
  };
}
