// The results card's name prompt: players start as "Player 2BA8", so after their first ranked
// round the card offers to name them on the leaderboard. Skippable (and then not offered again
// on this browser); the server judges the name with the same rules as on /leaderboard and its
// reason is shown when it refuses one.
import { api, identity } from "./api.ts";
import { readItem, writeItem } from "./storage.ts";
import { messages } from "../i18n/messages.ts";
import { errorReason } from "./error-reason.ts";

/** The player's leaderboard name as this browser last saved it (shared with /leaderboard). */
export const NAME_KEY = "tw:name";
const SKIPPED_KEY = "tw:name-prompt-skipped";


/** Whether to offer the prompt: a player who has no saved name and has not said "Skip". */
export function wantsName(): boolean {
  return identity() !== null && !readItem(NAME_KEY) && !readItem(SKIPPED_KEY);
}

/** Wires the prompt's form: `[data-name-prompt]` with an input, Save (submit) and Skip. */
export function setUpNamePrompt(form: HTMLFormElement): void {
  const input = form.querySelector<HTMLInputElement>("input")!;
  const feedback = form.querySelector<HTMLElement>("[data-name-prompt-feedback]")!;
  const skip = form.querySelector<HTMLButtonElement>("[data-name-prompt-skip]")!;
  const done = (text: string) => {
    form.querySelector<HTMLElement>("[data-name-prompt-fields]")!.hidden = true;
    feedback.textContent = text;
  };
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const name = input.value.trim();
    if (name === "") {
      feedback.textContent = messages().trouble.nameEmpty;
      input.focus();
      return;
    }
    feedback.textContent = messages().trouble.nameSaving;
    try {
      const result = await api.rename(name);
      writeItem(NAME_KEY, result.name);
      done(messages().trouble.nameSaved(result.name));
    } catch (error) {
      feedback.textContent = messages().trouble.nameRefused(errorReason(error));
      input.focus();
    }
  });
  skip.addEventListener("click", () => {
    writeItem(SKIPPED_KEY, "skipped on the results card");
    form.hidden = true;
  });
}
