// The /stats page's pictures, drawn as SVG with their labels as real text (no library): a score
// histogram (how many ranked days scored in each band, with the axis, the bands and the counts
// written out) and a streak calendar (the last weeks, a square per day, played days filled).
import { addDays, dayStart } from "#engine";
import { plural } from "#game/plural.ts";
import { bandLabel, scoreBands } from "./score-bands.ts";

const NS = "http://www.w3.org/2000/svg";

function svgEl<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>, text?: string): SVGElementTagNameMap[K] {
  const el = document.createElementNS(NS, tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, String(value));
  if (text !== undefined) el.textContent = text;
  return el;
}

/** The histogram of ranked scores: bands along the bottom, days up the side, each bar's count on it. */
export function scoreHistogram(scores: readonly number[]): SVGSVGElement {
  const bands = scoreBands(scores);
  const W = 340;
  const H = 190;
  const left = 34;
  const bottom = 40;
  const top = 14;
  const plotW = W - left - 6;
  const plotH = H - bottom - top;
  const most = Math.max(1, ...bands.map((b) => b.days));
  const svg = svgEl("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", class: "score-histogram", "data-stats-histogram": "" });
  svg.setAttribute(
    "aria-label",
    bands.length === 0
      ? "Score histogram: no ranked round yet"
      : `Score histogram of ${plural(scores.length, "ranked day")}: ${bands.map((b) => `${bandLabel(b)} points, ${plural(b.days, "day")}`).join("; ")}`,
  );
  // Axes, and the scale up the side: 0 and the tallest bar.
  svg.append(
    svgEl("line", { x1: left, y1: top + plotH, x2: left + plotW, y2: top + plotH, class: "axis" }),
    svgEl("line", { x1: left, y1: top, x2: left, y2: top + plotH, class: "axis" }),
    svgEl("text", { x: left - 4, y: top + plotH, class: "tick", "text-anchor": "end", "dominant-baseline": "middle" }, "0"),
    svgEl("text", { x: left - 4, y: top, class: "tick", "text-anchor": "end", "dominant-baseline": "middle" }, String(most)),
    svgEl("text", { x: 10, y: top + plotH / 2, class: "axis-title", "text-anchor": "middle", transform: `rotate(-90 10 ${top + plotH / 2})` }, "Days"),
    svgEl("text", { x: left + plotW / 2, y: H - 4, class: "axis-title", "text-anchor": "middle", "data-axis": "x" }, "Score (points)"),
  );
  const slot = plotW / Math.max(1, bands.length);
  bands.forEach((band, i) => {
    const h = (band.days / most) * plotH;
    const x = left + i * slot;
    const group = svgEl("g", { "data-band": bandLabel(band) });
    group.append(
      svgEl("rect", { x: x + slot * 0.12, y: top + plotH - h, width: slot * 0.76, height: Math.max(h, 0) }),
      svgEl("text", { x: x + slot / 2, y: top + plotH - h - 3, class: "value", "text-anchor": "middle" }, String(band.days)),
      svgEl("text", { x: x + slot / 2, y: top + plotH + 13, class: "tick", "text-anchor": "middle" }, bandLabel(band)),
    );
    svg.append(group);
  });
  return svg;
}

const WEEKDAYS = ["Mon", "", "Wed", "", "Fri", "", "Sun"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** Monday = 0 ... Sunday = 6, of an ISO date. */
const weekday = (date: string) => (new Date(dayStart(date)).getUTCDay() + 6) % 7;

/**
 * The last `weeks` weeks up to today, a column per week (Monday at the top): a filled square for
 * each day with a ranked round, month names above the first week of each month.
 */
export function streakCalendar(played: ReadonlySet<string>, today: string, frozen: ReadonlySet<string> = new Set(), frozenTitle = "a streak freeze kept the streak", weeks = 17): SVGSVGElement {
  const cell = 16;
  const left = 30;
  const top = 16;
  const first = addDays(today, -weekday(today) - 7 * (weeks - 1));
  const total = weekday(today) + 7 * (weeks - 1) + 1;
  const playedHere = Array.from({ length: total }, (_, i) => addDays(first, i)).filter((d) => played.has(d)).length;
  const svg = svgEl("svg", { viewBox: `0 0 ${left + weeks * cell} ${top + 7 * cell}`, role: "img", class: "streak-calendar", "data-stats-calendar": "" });
  svg.setAttribute("aria-label", `Streak calendar: ranked rounds on ${plural(playedHere, "day")} of the last ${weeks} weeks`);
  WEEKDAYS.forEach((name, row) => {
    if (name) svg.append(svgEl("text", { x: left - 4, y: top + row * cell + cell / 2, class: "tick", "text-anchor": "end", "dominant-baseline": "middle" }, name));
  });
  for (let i = 0; i < total; i++) {
    const date = addDays(first, i);
    const col = Math.floor(i / 7);
    const row = i % 7;
    if (date.endsWith("-01") || i === 0) {
      svg.append(svgEl("text", { x: left + col * cell, y: top - 4, class: "tick" }, MONTHS[Number(date.slice(5, 7)) - 1]));
    }
    const square = svgEl("rect", {
      x: left + col * cell + 1.5,
      y: top + row * cell + 1.5,
      width: cell - 3,
      height: cell - 3,
      rx: 2,
      class: played.has(date) ? "is-played" : frozen.has(date) ? "is-frozen" : "",
      "data-date": date,
    });
    square.append(svgEl("title", {}, `${date}: ${played.has(date) ? "played" : frozen.has(date) ? frozenTitle : "not played"}`));
    svg.append(square);
    if (frozen.has(date) && !played.has(date)) {
      svg.append(svgEl("text", { x: left + col * cell + cell / 2, y: top + row * cell + cell / 2, class: "freeze-mark", "text-anchor": "middle", "dominant-baseline": "central", "aria-hidden": "true" }, "❄"));
    }
  }
  return svg;
}
