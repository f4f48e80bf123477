// What this browser remembers of its rooms: the seat it holds in each (its key resumes the seat
// and its words after a reload) and the name it last played under. Kept through the guarded
// storage helper: where nothing can be stored, a seat lasts as long as the page.
import { readItem, readJson, removeItem, writeItem, writeJson } from "../../core/storage.ts";

export interface Seat {
  seatId: string;
  seatKey: string;
}

const NAME_KEY = "tw:room-name";
const seatKeyOf = (code: string) => `tw:room:${code}`;

function isSeat(value: unknown): value is Seat {
  const seat = value as Partial<Seat> | null;
  return typeof seat?.seatId === "string" && typeof seat.seatKey === "string";
}

export function loadSeat(code: string): Seat | null {
  return readJson(seatKeyOf(code), isSeat);
}

export function saveSeat(code: string, seat: Seat): void {
  writeJson(seatKeyOf(code), { seatId: seat.seatId, seatKey: seat.seatKey });
}

export function forgetSeat(code: string): void {
  removeItem(seatKeyOf(code));
}

export function rememberedName(): string {
  return readItem(NAME_KEY) ?? "";
}

export function rememberName(name: string): void {
  writeItem(NAME_KEY, name);
}
