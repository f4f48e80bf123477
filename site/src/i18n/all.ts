// Every language's catalogue, for the pages' markup (rendered at build time) and the tests. Never
// imported by a script that runs in the browser: it would ship every language to every page
// (scripts read messages.ts, which loads the page's own).
import type { LanguageCode } from "#engine";
import type { Messages } from "./catalogue.ts";
import { de } from "./de.ts";
import { en } from "./en.ts";
import { es } from "./es.ts";
import { fr } from "./fr.ts";
import { CATALOGUE_TOOLS } from "./tools.ts";

export type { Messages } from "./catalogue.ts";
export { ONBOARDING_BOARD } from "./catalogue.ts";

export const MESSAGES: Readonly<Record<LanguageCode, Messages>> = { en: en(CATALOGUE_TOOLS), fr: fr(CATALOGUE_TOOLS), es: es(CATALOGUE_TOOLS), de: de(CATALOGUE_TOOLS) };
