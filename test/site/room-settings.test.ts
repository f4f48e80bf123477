// The room forms' settings, read from the fields as FormData gives them.
import { expect, test } from "vitest";
import { readRoomSettings, rulesForPickedSize } from "#site/islands/room/room-settings.ts";

const fields = (values: Record<string, string>) => ({ get: (name: string) => values[name] ?? null });

test("reads a size, rules and a round length", () => {
  expect(readRoomSettings(fields({ size: "5", rules: "big", seconds: "120" }))).toEqual({ size: 5, rules: "big", seconds: 120 });
});

test("a field without a valid choice makes no settings", () => {
  expect(readRoomSettings(fields({ size: "7", rules: "big", seconds: "120" }))).toBeNull();
  expect(readRoomSettings(fields({ size: "4", rules: "nope", seconds: "120" }))).toBeNull();
  expect(readRoomSettings(fields({ size: "4", rules: "classic", seconds: "1.5" }))).toBeNull();
  expect(readRoomSettings(fields({ size: "4", rules: "classic" }))).toBeNull();
});

test("a newly picked size brings its own rules", () => {
  expect(rulesForPickedSize("4")).toBe("classic");
  expect(rulesForPickedSize("6")).toBe("big");
  expect(rulesForPickedSize("3")).toBeNull();
});
