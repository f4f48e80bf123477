// Live rooms in the browser (/room, /room/CODE, /embed?room=CODE): create or join a room, then
// play in it with the seat this browser holds. The board appears for everyone at the server's
// start time; every word gets an instant verdict here and is judged by the room; results come
// from the room when its alarm ends the round. The parts: room-lobby.ts (create and join),
// room-session.ts (play: socket, store, screen), room-store.ts (the state and its transitions).
import { normalizeRoomCode } from "#game/room-code.ts";
import { rooms } from "../../core/api.ts";
import { partOf } from "../../core/parts.ts";
import { showCreate, showJoin } from "./room-lobby.ts";
import { forgetSeat, loadSeat, rememberedName, saveSeat } from "./room-seats.ts";
import { playRoom } from "./room-session.ts";

/** The code in /room/CODE as typed (checked later), or null on /room. */
export function roomCodeFromPath(pathname: string): string | null {
  const match = /^\/room\/([^/]+)\/?$/.exec(pathname);
  return match ? match[1].toUpperCase() : null;
}

export function initRoom(root: HTMLElement, typedCode: string | null, options: { embed: boolean }): void {
  const message = partOf(root, "room-message");
  const say = (text: string) => {
    message.textContent = text;
    message.hidden = text === "";
  };
  root.querySelectorAll<HTMLInputElement>("[data-name]").forEach((input) => (input.value = rememberedName()));

  if (typedCode === null) return showCreate(root, say);
  const code = normalizeRoomCode(typedCode);
  if (code === null) return say("That is not a room code: codes are 4 letters, like ABCD.");

  const join = () => showJoin(root, code, say, play);
  const play = (seat: { seatId: string; seatKey: string }) => playRoom(root, code, seat, { embed: options.embed, say, onSeatLost: join });

  void (async () => {
    let info;
    try {
      info = await rooms.info(code);
    } catch {
      return say("The room could not be reached. Check your connection and reload.");
    }
    if (info === null) return say(`There is no room ${code}. Rooms close a day after everyone has left.`);
    const seat = loadSeat(code);
    if (seat && info.players.some((p) => p.id === seat.seatId)) return play(seat);
    forgetSeat(code);
    // No key kept here (a frame without storage, or storage cleared): the player's own seat, if any.
    const own = await rooms.mySeat(code).catch(() => null);
    if (own) {
      saveSeat(code, own);
      return play(own);
    }
    join();
  })();
}
