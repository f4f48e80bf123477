// Room requests (HTTP bodies) and client-to-server WebSocket messages, validated with zod.
import * as z from "zod";
import { LANGUAGE_CODES, PRESET_NAMES, type PresetName } from "#engine";
import { BOARD_SIZES, MAX_ROUND_SECONDS, MIN_ROUND_SECONDS } from "./settings.ts";

/** A WebSocket message larger than this is refused unread. */
export const MAX_MESSAGE_BYTES = 1024;
export const MAX_WORD_LENGTH = 40;

const size = z.union(BOARD_SIZES.map((n) => z.literal(n)));
const rules = z.enum(PRESET_NAMES as [PresetName, ...PresetName[]]);
const seconds = z.number().int().min(MIN_ROUND_SECONDS).max(MAX_ROUND_SECONDS);
// Checked by checkName (the leaderboard's rules); this only bounds what is read.
const name = z.string().max(200);

export const settingsSchema = z.strictObject({ size: size.optional(), rules: rules.optional(), seconds: seconds.optional() });

// The language is the room's for good (its lexicon and dice): chosen when it is made.
export const createRoomBody = settingsSchema.extend({ name, lang: z.enum(LANGUAGE_CODES).optional() });
export const joinRoomBody = z.strictObject({ name });

export const clientMessage = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("word"), word: z.string().max(MAX_WORD_LENGTH), ref: z.number().int().optional() }),
  // Host only: start the round (from the lobby) or a new round with a new board (after one).
  z.strictObject({ type: z.literal("start"), settings: settingsSchema.optional(), ref: z.number().int().optional() }),
  z.strictObject({ type: z.literal("ping"), ref: z.number().int().optional() }),
]);

export type ClientMessage = z.infer<typeof clientMessage>;
export type SettingsChange = z.infer<typeof settingsSchema>;
