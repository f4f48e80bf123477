// /widget.js: `<script src="https://HOST/widget.js" data-date="today" [data-lang="fr"] async></script>`
// (or data-league="KEY", a league's embed key, for its table) inserts the
// Tumbleword board (an iframe of HOST/embed) where the tag stands, and keeps the iframe as tall as
// its content. Only resize messages from that iframe, from HOST's origin, of the expected shape,
// are obeyed; anything else is ignored.
import { RESIZE_MESSAGE } from "../islands/embed/embed-frame.ts";

const MIN_HEIGHT = 200;
const MAX_HEIGHT = 4000;

interface ResizeMessage {
  type: typeof RESIZE_MESSAGE;
  height: number;
}

function isResizeMessage(data: unknown): data is ResizeMessage {
  if (typeof data !== "object" || data === null) return false;
  const { type, height } = data as Record<string, unknown>;
  return type === RESIZE_MESSAGE && typeof height === "number" && Number.isFinite(height);
}

function mount(script: HTMLScriptElement): void {
  if (script.dataset.tumblewordMounted) return;
  script.dataset.tumblewordMounted = "true";
  const origin = new URL(script.src, location.href).origin;
  const src = new URL("/embed", origin);
  const date = script.dataset.date ?? "today";
  src.searchParams.set("date", /^(today|\d{4}-\d{2}-\d{2})$/.test(date) ? date : "today");
  // data-room="ABCD": a live room instead of the daily board.
  const room = script.dataset.room ?? "";
  if (/^[A-Za-z]{4}$/.test(room)) src.searchParams.set("room", room.toUpperCase());
  // data-lang="fr": the day's French board (es, de likewise).
  const lang = script.dataset.lang ?? "";
  if (/^(fr|es|de)$/.test(lang)) src.searchParams.set("lang", lang);
  // data-league="KEY": a league's table, read-only, by its embed key (never the invite code).
  const league = script.dataset.league ?? "";
  if (/^[A-Za-z0-9]{16}$/.test(league)) src.searchParams.set("league", league.toUpperCase());
  const theme = script.dataset.theme;
  if (theme === "light" || theme === "dark") src.searchParams.set("theme", theme);

  const frame = document.createElement("iframe");
  frame.src = src.href;
  frame.title = src.searchParams.has("league") ? "Tumbleword: a league's table" : "Tumbleword: today's word puzzle";
  frame.allow = "clipboard-write; web-share";
  Object.assign(frame.style, { width: "100%", maxWidth: "26rem", height: "640px", border: "0", display: "block" });
  script.after(frame);

  addEventListener("message", (event: MessageEvent) => {
    if (event.origin !== origin || event.source !== frame.contentWindow || !isResizeMessage(event.data)) return;
    const height = Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, Math.ceil(event.data.height)));
    frame.style.height = `${height}px`;
  });
}

const current = document.currentScript;
if (current instanceof HTMLScriptElement) mount(current);
else document.querySelectorAll<HTMLScriptElement>('script[src*="/widget.js"]').forEach(mount);
