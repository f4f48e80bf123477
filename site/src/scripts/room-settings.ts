// The room forms' settings (board size, rules, round length), read from a form's fields. The
// menus are rendered from the same tables (RoomView.astro), so a failed read means a tampered form.
import { BOARD_SIZE_RULES, isBoardSize } from "../../../shared/board-sizes.ts";
import { isPresetName } from "../../../shared/index.ts";
import type { RoomSettingsChoice } from "./api.ts";

/** The fields of a form as FormData gives them. */
export interface Fields {
  get(name: string): FormDataEntryValue | null;
}

/** The settings a form holds, or null when a field holds no valid choice. */
export function readRoomSettings(fields: Fields): RoomSettingsChoice | null {
  const size = Number(fields.get("size"));
  const rules = String(fields.get("rules") ?? "");
  const seconds = Number(fields.get("seconds"));
  if (!isBoardSize(size) || !isPresetName(rules) || !Number.isInteger(seconds) || seconds <= 0) return null;
  return { size, rules, seconds };
}

/** The rules a newly picked size starts with (as on /practice); null for a value that is no size. */
export function rulesForPickedSize(value: string): RoomSettingsChoice["rules"] | null {
  const size = Number(value);
  return isBoardSize(size) ? BOARD_SIZE_RULES[size].rules : null;
}

/** Keeps a form's rules menu in step with its size menu: a new size brings its own rules. */
export function followSizeWithRules(form: HTMLFormElement): void {
  const size = form.elements.namedItem("size");
  const rules = form.elements.namedItem("rules");
  if (!(size instanceof HTMLSelectElement) || !(rules instanceof HTMLSelectElement)) return;
  size.addEventListener("change", () => {
    const picked = rulesForPickedSize(size.value);
    if (picked) rules.value = picked;
  });
}
