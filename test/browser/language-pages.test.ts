// Every page written in every language (site/src/i18n/paths.ts), language by language: at its own
// address, <html lang> right, no English sentence (english-text.ts), alternate links to each
// language's page, a switch that keeps the page, a menu that stays in the language, counts and
// dates as the language says them; old ?lang= addresses lead to the language's page, the choice is
// remembered, and the English home offers a French browser its language without moving it.
import { beforeAll, describe, expect, test } from "vitest";
import { LANGUAGES, LANGUAGE_CODES, type LanguageCode } from "#engine";
import { MESSAGES } from "#site/i18n/all.ts";
import { FRAME_MESSAGES } from "#site/i18n/frame.ts";
import { HOW_TO_PLAY } from "#site/i18n/how-to-play.ts";
import { LOCALISED_PAGES, localePath } from "#site/i18n/paths.ts";
import { useBrowser } from "./fixture.ts";
import { baseUrl, roundSeconds } from "./helpers.ts";
import { englishIn } from "./english-text.ts";

const browser = useBrowser();
const OTHERS = ["fr", "es", "de"] as const satisfies readonly LanguageCode[];
/** Each page's address to open: the 404 page is what any unknown address in the language shows. */
const opened = (lang: LanguageCode, page: (typeof LOCALISED_PAGES)[number]) => (page === "/404" ? `${localePath(lang, "/")}/no-such-page`.replace("//", "/") : localePath(lang, page));
/** "sam. 28 nov. 2026": a board's date as the archive shows it, in the language. */
const longDate = (lang: LanguageCode, date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString(lang, { weekday: "short", year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });

let today: string;
beforeAll(async () => {
  today = ((await (await fetch(`${baseUrl}/api/puzzles/today`)).json()) as { date: string }).date;
});

describe.each(OTHERS)("the pages in %s", (lang) => {
  const t = MESSAGES[lang];

  test.each(LOCALISED_PAGES.filter((page) => page !== "/"))("%s: in the language, linked to the others, nothing in English", async (page) => {
    const { page: tab, errors } = await browser.open(opened(lang, page));
    await tab.waitForLoadState("networkidle");
    expect(await tab.locator("html").getAttribute("lang")).toBe(lang);
    // The rows are in (the archive's, the leaderboard's count) before the text is read.
    if (page === "/archive") await tab.locator("[data-archive-rows] tr").first().waitFor();
    if (page === "/leaderboard") await expect.poll(() => tab.locator("[data-lb-status]").textContent()).not.toBe(t.pages.leaderboard.loading);
    expect(await englishIn(tab)).toEqual([]);
    // The leaderboard's links to the rules go to the rules in the language.
    if (page === "/leaderboard") expect(await tab.locator('a[href$="#fair-play"]').first().getAttribute("href")).toBe(`/${lang}/how-to-play#fair-play`);
    // The menu stays in the language: its pages, its boards.
    const nav = tab.getByRole("navigation").first();
    expect(await nav.getByRole("link", { name: t.nav.archive }).getAttribute("href")).toBe(`/${lang}/archive`);
    expect(await nav.getByRole("link", { name: t.nav.leaderboard }).getAttribute("href")).toBe(`/${lang}/leaderboard`);
    expect(await nav.getByRole("link", { name: t.nav.today }).getAttribute("href")).toBe(`/${lang}`);
    if (page !== "/404") {
      // Search engines find each language's page; the switch keeps the page.
      const alternates = await tab.locator('link[rel="alternate"]').evaluateAll((links) => links.map((l) => `${l.getAttribute("hreflang")} ${l.getAttribute("href")}`));
      expect(alternates).toEqual([...LANGUAGE_CODES.map((code) => `${code} ${localePath(code, page)}`), `x-default ${page}`]);
      const picker = await tab.locator(".language-picker a").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
      expect(picker).toEqual(LANGUAGE_CODES.map((code) => localePath(code, page)));
    }
    const titles = { "/404": t.pages.notFound.title, "/archive": t.pages.archive.title, "/leaderboard": t.nav.leaderboard, "/how-to-play": HOW_TO_PLAY[lang].title, "/privacy": t.yourData.privacyTitle };
    expect(await tab.title()).toBe(`${titles[page]} · Tumbleword`);
    expect(errors).toEqual([]);
  });

  test("the archive dates each board in the language and links its pages", async () => {
    const { page } = await browser.open(`/${lang}/archive`);
    const first = page.locator("[data-archive-rows] tr").first();
    await first.waitFor();
    // The newest board first, its date as the language writes it ("(today)" in the language when
    // the page knows the server's day); its leaderboard in the language.
    expect([longDate(lang, today), t.pages.archive.today(longDate(lang, today))]).toContain(await first.locator("td").nth(1).textContent());
    expect(await first.locator("td a").last().getAttribute("href")).toBe(`/${lang}/leaderboard?date=${today}`);
    expect(await page.locator("h1").textContent()).toBe(`${t.pages.archive.heading} · ${LANGUAGES[lang].nativeName}`);
  });

  test("the rules page says the server's round length in the language, and the rank ladder's names", async () => {
    const { page } = await browser.open(`/${lang}/how-to-play`);
    const said = page.locator("[data-round-length-text]");
    await expect.poll(() => said.first().textContent()).toBe(t.roundDuration(roundSeconds));
    expect(new Set(await said.allTextContents())).toEqual(new Set([t.roundDuration(roundSeconds)]));
    expect(await page.locator(".ladder li > span:first-child").allTextContents()).toEqual(Object.values(t.rankNames));
  });

  test("the embed is in the language, its link to the whole game too", async () => {
    const { page, errors } = await browser.open(`/embed?lang=${lang}`);
    await page.locator("[data-full-game]").waitFor();
    expect(await page.locator("html").getAttribute("lang")).toBe(lang);
    expect(await page.locator("[data-full-game]").textContent()).toBe(FRAME_MESSAGES[lang].fullGame);
    expect(await page.title()).toBe(FRAME_MESSAGES[lang].pageTitle);
    await page.waitForLoadState("networkidle");
    expect(await englishIn(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  test("the leaderboard counts the day's players by the language's plural rules", async () => {
    const { page } = await browser.open(`/${lang}/leaderboard?date=${today}`);
    const status = page.locator("[data-lb-status]");
    await expect.poll(() => status.textContent()).not.toBe(t.pages.leaderboard.loading);
    const { total } = (await (await fetch(`${baseUrl}/api/puzzles/${today}-${lang}/leaderboard?limit=1`)).json()) as { total: number };
    // Other files may add players meanwhile: the page's count is the language's sentence for its number.
    const shown = (await status.textContent()) ?? "";
    const count = shown === t.pages.leaderboard.none ? 0 : Number(/\d+/.exec(shown)?.[0]);
    expect(count).toBeGreaterThanOrEqual(total);
    expect(shown).toBe(count === 0 ? t.pages.leaderboard.none : t.pages.leaderboard.ranked(count));
    expect(await page.locator("[data-lb-updated]").textContent()).toMatch(new RegExp(`^${t.pages.leaderboard.updated("")}\\S`));
  });
}, 60_000);

test("an old ?lang= address opens the language's page, its other parameters kept", async () => {
  const { page } = await browser.open(`/leaderboard?lang=de&date=${today}`);
  await page.waitForURL(`${baseUrl}/de/leaderboard?date=${today}`);
  expect(await page.locator("html").getAttribute("lang")).toBe("de");
  expect(await page.locator("[data-lb-date]").inputValue()).toBe(today);
});

test("a French browser is offered /fr on the English home, never moved; the offer declined or a language chosen is remembered", async () => {
  const { page, context } = await browser.open("/", { locale: "fr-FR" });
  const offer = page.locator("[data-language-offer]:not([hidden])");
  await offer.waitFor();
  expect(page.url()).toBe(`${baseUrl}/`);
  expect(await offer.getAttribute("lang")).toBe("fr");
  expect(await offer.getByRole("link").getAttribute("href")).toBe("/fr");
  expect(await englishIn(page).then((found) => found.filter((line) => line.includes("data-language-offer")))).toEqual([]);
  // Declined: English is remembered, and the home no longer offers French.
  await offer.getByRole("button", { name: MESSAGES.fr.pages.languageOffer.dismiss }).click();
  await page.reload();
  await page.locator("[data-board]").waitFor();
  expect(await page.locator("[data-language-offer]:not([hidden])").count()).toBe(0);
  // Spanish chosen in the footer's switch, from the archive: the same page in Spanish, and the English home offers Spanish.
  await page.goto("/archive");
  await page.locator(".language-picker").getByRole("link", { name: "Español" }).click();
  await page.waitForURL(`${baseUrl}/es/archive`);
  await page.goto("/");
  await expect.poll(() => page.locator("[data-language-offer]:not([hidden])").getAttribute("lang")).toBe("es");
  // An English browser is offered nothing.
  const english = await context.browser()!.newContext({ baseURL: baseUrl, locale: "en-GB" });
  const plain = await english.newPage();
  await plain.goto("/");
  await plain.locator("[data-board]").waitFor();
  expect(await plain.locator("[data-language-offer]:not([hidden])").count()).toBe(0);
  await english.close();
});
