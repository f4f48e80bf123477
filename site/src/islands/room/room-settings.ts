// The room forms' settings (board size, rules, round length), read from a form's fields. The
// menus are rendered from the same tables (RoomView.astro), so a failed read means a tampered form.
import { BOARD_SIZE_RULES, isBoardSize } from "#game/board-sizes.ts";
import { isLanguageCode, isPresetName } from "#engine";
import type { NewRoomSettings, RoomSettingsChoice } from "../../core/api.ts";

/** The fields of a form as FormData gives them. */
export interface Fields {
  get(name: string): FormDataEntryValue | null;
}

/** A new room's settings (the creation form also names the language), or null as readRoomSettings. */
export function readNewRoomSettings(fields: Fields): NewRoomSettings | null {
  const settings = readRoomSettings(fields);
  const lang = String(fields.get("lang") ?? "en");
  if (settings === null || !isLanguageCode(lang)) return null;
  // Other languages have 16 dice: their rooms play 4x4 (with those dice's rules).
  return lang === "en" ? { ...settings, lang } : { ...settings, size: 4, rules: settings.size === 4 ? settings.rules : BOARD_SIZE_RULES[4].rules, lang };
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
