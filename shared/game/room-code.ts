// Room codes: 4 letters without I and O (never read as 1 and 0): 24^4 = 331,776 codes. The
// Worker makes and checks them; the site checks what a player types before asking for the room.

export const ROOM_CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ";
export const ROOM_CODE_PATTERN = /^[A-HJ-NP-Z]{4}$/;

/** A code as typed (any case, spaces around); null when it cannot be a room code. */
export function normalizeRoomCode(text: string): string | null {
  const code = text.trim().toUpperCase();
  return ROOM_CODE_PATTERN.test(code) ? code : null;
}
