/** The browser tests' moderator (global-setup.ts passes it to the server as MODERATOR_IDS; moderator.ts makes the player). */
export const BROWSER_MODERATOR_ID = "00000000-0000-4000-8000-00000000b0b1";
