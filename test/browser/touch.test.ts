// Tracing with a finger on a phone: touch input becomes pointer events on the board, an imprecise
// diagonal swipe still picks the diagonal tile (not the two it brushes past), and the page does
// not scroll while tracing.
import { expect, test } from "vitest";
import type { FoundWord } from "#engine";
import { useBrowser } from "./fixture.ts";
import { startRound, todayPuzzle } from "./helpers.ts";


const browser = useBrowser();

const hasDiagonalStep = (w: FoundWord) => w.path.some(([r, c], i) => i > 0 && r !== w.path[i - 1][0] && c !== w.path[i - 1][1]);

test("a word traced by touch, with sloppy diagonals, is accepted and the page doesn't scroll", async () => {
  const puzzle = await todayPuzzle();
  const word = puzzle.words.filter(hasDiagonalStep).sort((a, b) => b.path.length - a.path.length)[0];
  expect(word).toBeDefined();
  const { page, context } = await browser.open("/", { width: 390, height: 700, touch: true });
  await startRound(page);
  await page.evaluate("window.scrollTo(0, 40)");
  const scrollBefore = await page.evaluate<number>("window.scrollY");

  const tiles = page.locator("[data-board] .tile");
  const first = (await tiles.nth(0).boundingBox())!;
  const second = (await tiles.nth(1).boundingBox())!;
  const pitch = second.x - first.x;
  const centre = ([r, c]: [number, number]) => ({ x: first.x + first.width / 2 + c * pitch, y: first.y + first.height / 2 + r * pitch });

  // Finger positions: each step goes from centre to centre, but diagonal steps are bent 20% of a
  // tile off the straight line, towards one of the two tiles beside the corner.
  const points: { x: number; y: number }[] = [centre(word.path[0])];
  for (let i = 1; i < word.path.length; i++) {
    const from = centre(word.path[i - 1]);
    const to = centre(word.path[i]);
    const diagonal = from.x !== to.x && from.y !== to.y;
    for (let s = 1; s <= 10; s++) {
      const t = s / 10;
      const bend = diagonal ? Math.sin(Math.PI * t) * 0.2 * pitch : 0;
      points.push({ x: from.x + (to.x - from.x) * t + bend, y: from.y + (to.y - from.y) * t });
    }
  }
  const cdp = await context.newCDPSession(page);
  const touch = (type: string, p?: { x: number; y: number }) =>
    cdp.send("Input.dispatchTouchEvent", { type: type as "touchStart", touchPoints: p ? [{ x: p.x, y: p.y }] : [] });
  await touch("touchStart", points[0]);
  for (const p of points.slice(1)) await touch("touchMove", p);
  await touch("touchEnd");

  await expect.poll(() => page.locator("[data-feedback]").textContent()).toBe(`${word.word.toUpperCase()} +${word.points}`);
  expect(await page.evaluate<number>("window.scrollY")).toBe(scrollBefore);
});
