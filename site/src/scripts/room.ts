// Live rooms in the browser (/room, /room/CODE, /embed?room=CODE): create or join a room, then
// follow its WebSocket. The board appears for everyone at the server's start time (clocks are
// aligned on the server's `now`); every word gets an instant verdict from the engine here and is
// then judged by the room; results come from the room when its alarm ends the round.
import { RULES, boardFromRows, checkWord } from "../../../shared/index.ts";
import type { Board, Lexicon, Rules } from "../../../shared/index.ts";
import type { RoomView, ServerMessage } from "../../../worker/rooms/messages.ts";
import type { RoundResults } from "../../../worker/rooms/scoring.ts";
import { identity } from "./identity.ts";
import { BoardView } from "./board-view.ts";
import { formatDuration } from "./dates.ts";
import { loadLexicon } from "./lexicon.ts";
import { RoomConnection } from "./room-connection.ts";
import { presentResults, renderResults } from "./room-results.ts";
import { reasonText } from "./verdicts.ts";
import { partOf } from "./parts.ts";

interface Seat {
  seatId: string;
  seatKey: string;
}

const CODE = /^[A-HJ-NP-Z]{4}$/;
const NAME_KEY = "tw:room-name";
const seatKeyOf = (code: string) => `tw:room:${code}`;

export function roomCodeFromPath(pathname: string): string | null {
  const match = /^\/room\/([^/]+)\/?$/.exec(pathname);
  return match ? match[1].toUpperCase() : null;
}

function loadSeat(code: string): Seat | null {
  try {
    const seat = JSON.parse(localStorage.getItem(seatKeyOf(code)) ?? "null") as Seat | null;
    return seat && typeof seat.seatKey === "string" && typeof seat.seatId === "string" ? seat : null;
  } catch {
    return null;
  }
}

function saveSeat(code: string, seat: Seat | null): void {
  try {
    if (seat) localStorage.setItem(seatKeyOf(code), JSON.stringify({ seatId: seat.seatId, seatKey: seat.seatKey }));
    else localStorage.removeItem(seatKeyOf(code));
  } catch {
    // Private mode without storage: the seat lasts as long as the page.
  }
}

async function post<T>(path: string, body: unknown): Promise<T> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  const token = identity()?.token;
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(path, { method: "POST", headers, body: JSON.stringify(body) });
  const data = (await res.json().catch(() => null)) as (T & { error?: { message?: string } }) | null;
  if (!res.ok) throw new Error(data?.error?.message ?? `the server answered ${res.status}`);
  return data as T;
}

async function roomInfo(code: string): Promise<(RoomView & { link: string }) | null> {
  const res = await fetch(`/api/rooms/${code}`);
  if (res.status === 404) return null;
  if (!res.ok) throw new Error(`the server answered ${res.status}`);
  return res.json();
}

export function initRoom(root: HTMLElement, code: string | null, options: { embed: boolean }): void {
  const $ = <T extends HTMLElement = HTMLElement>(name: string) => partOf<T>(root, name);
  const message = $("room-message");
  const say = (text: string) => {
    message.textContent = text;
    message.hidden = text === "";
  };
  const rememberedName = () => localStorage.getItem(NAME_KEY) ?? "";
  root.querySelectorAll<HTMLInputElement>("[data-name]").forEach((input) => (input.value = rememberedName()));

  // A new board size brings its own rules (as on /practice); the rules can still be changed after.
  root.querySelectorAll<HTMLSelectElement>("select[name=size]").forEach((select) =>
    select.addEventListener("change", () => {
      const rules = select.form?.elements.namedItem("rules") as HTMLSelectElement | null;
      if (rules) rules.value = select.value === "4" ? "classic" : "big";
    }),
  );

  if (code === null) return showCreate();
  if (!CODE.test(code)) return say("That is not a room code: codes are 4 letters, like ABCD.");
  const roomCode = code;
  void enter();

  function showCreate(): void {
    say("");
    $("room-create").hidden = false;
    const form = $<HTMLFormElement>("create-form");
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const data = new FormData(form);
      const name = String(data.get("name") ?? "");
      try {
        const created = await post<Seat & { code: string }>("/api/rooms", {
          name,
          size: Number(data.get("size")),
          rules: String(data.get("rules")),
          seconds: Number(data.get("seconds")),
        });
        localStorage.setItem(NAME_KEY, name);
        saveSeat(created.code, created);
        location.assign(`/room/${created.code}`);
      } catch (error) {
        say(`The room could not be created: ${(error as Error).message}`);
      }
    });
    const codeForm = $<HTMLFormElement>("code-form");
    codeForm.addEventListener("submit", (event) => {
      event.preventDefault();
      const typed = String(new FormData(codeForm).get("code") ?? "").trim().toUpperCase();
      if (CODE.test(typed)) location.assign(`/room/${typed}`);
      else say("Room codes are 4 letters, like ABCD.");
    });
  }

  async function enter(): Promise<void> {
    let info;
    try {
      info = await roomInfo(roomCode);
    } catch {
      return say("The room could not be reached. Check your connection and reload.");
    }
    if (info === null) return say(`There is no room ${roomCode}. Rooms close a day after everyone has left.`);
    const seat = loadSeat(roomCode);
    if (seat && info.players.some((p) => p.id === seat.seatId)) return play(seat);
    saveSeat(roomCode, null);
    showJoin();
  }

  function showJoin(): void {
    say("");
    $("room-join").hidden = false;
    $("join-code").textContent = roomCode;
    const form = $<HTMLFormElement>("join-form");
    form.onsubmit = async (event) => {
      event.preventDefault();
      const name = String(new FormData(form).get("name") ?? "");
      try {
        const seat = await post<Seat>(`/api/rooms/${roomCode}/players`, { name });
        localStorage.setItem(NAME_KEY, name);
        saveSeat(roomCode, seat);
        $("room-join").hidden = true;
        play(seat);
      } catch (error) {
        say(`You could not join: ${(error as Error).message}`);
      }
    };
  }

  function play(seat: Seat): void {
    say("");
    $("room-main").hidden = false;
    $("room-code").textContent = roomCode;
    if (!options.embed) {
      const link = $<HTMLAnchorElement>("room-link");
      link.href = `/room/${roomCode}`;
      link.textContent = `${location.origin}/room/${roomCode}`;
      $("copy-link").addEventListener("click", () => void navigator.clipboard?.writeText(link.href).then(() => say("Link copied.")));
    }
    const status = $("room-status");
    const feedback = $("feedback");
    const tell = (text: string, tone: "good" | "bad" | "info" = "info") => {
      feedback.textContent = text;
      feedback.dataset.tone = tone;
    };

    let room: RoomView | null = null;
    let results: RoundResults | null = null;
    let you = { id: seat.seatId, name: "", host: false };
    let clockOffset = 0;
    let board: Board | null = null;
    let rules: Rules = RULES.classic;
    let lexicon: Lexicon | null = null;
    let shownRound = -1;
    /** The round whose results were last brought into view (once per round, not at every render). */
    let presentedRound = -1;
    /** What the board shows now, so each tick only redraws on a change: "round:phase". */
    let shown = "";
    let ref = 0;
    /** Words of this round: accepted by the room, or sent and not yet answered. */
    let words = new Map<string, { points: number; pending: boolean }>();
    const sent = new Map<number, string>();
    const serverNow = () => Date.now() + clockOffset;

    const view = new BoardView($("board"), $<HTMLInputElement>("word"), { onSubmit: (word) => submit(word) });
    $("submit").addEventListener("click", () => view.submit());
    $("clear").addEventListener("click", () => view.clear());
    loadLexicon()
      .then((loaded) => (lexicon = loaded))
      .catch(() => tell("The word list could not be loaded: the room still judges every word.", "info"));

    const connection = new RoomConnection(roomCode, seat.seatKey, {
      onMessage: receive,
      onStatus: (s) => {
        if (s === "retrying") tell("Connection lost: reconnecting…", "bad");
        else if (s === "open" && feedback.dataset.tone === "bad") tell("");
      },
      onGone: async (reason) => {
        if (reason === "elsewhere") return say("This room is open in another tab or window.");
        const info = await roomInfo(roomCode).catch(() => undefined);
        if (info === null) return say(`Room ${roomCode} is closed.`);
        if (info && !info.players.some((p) => p.id === seat.seatId)) {
          saveSeat(roomCode, null);
          connection.stop();
          $("room-main").hidden = true;
          return showJoin();
        }
        say("The room cannot be reached right now. Reload to try again.");
      },
    });

    function submit(raw: string): void {
      if (!room || room.status !== "playing" || !board || serverNow() < (room.startsAt ?? 0) || serverNow() >= (room.endsAt ?? 0)) return;
      const found = new Set(words.keys());
      if (lexicon) {
        const verdict = checkWord(board, lexicon, rules, raw, found);
        if (!verdict.accepted) return tell(reasonText(verdict.reason, verdict.word, rules), "bad");
        words.set(verdict.word, { points: verdict.points, pending: true });
        tell(`${verdict.word.toUpperCase()} +${verdict.points}`, "good");
        renderWords();
        send(verdict.word);
      } else {
        send(raw);
      }
      view.clear();
    }

    function send(word: string): void {
      ref += 1;
      sent.set(ref, word);
      connection.send({ type: "word", word, ref });
    }

    function receive(msg: ServerMessage): void {
      switch (msg.type) {
        case "state":
          clockOffset = msg.now - Date.now();
          room = msg.room;
          results = msg.results;
          you = msg.you;
          words = new Map(msg.words.map((w) => [w.word, { points: w.points, pending: false }]));
          // Words sent but lost with a dropped connection are sent again (the room ignores repeats).
          for (const word of new Set(sent.values())) if (!words.has(word) && room.status === "playing") send(word);
          sent.clear();
          render();
          break;
        case "players":
          if (room) room.players = msg.players;
          renderPlayers();
          break;
        case "counts":
          if (room?.round === msg.round) for (const p of room.players) p.count = msg.counts[p.id] ?? 0;
          renderPlayers();
          break;
        case "verdict": {
          if (msg.ref !== null) sent.delete(msg.ref);
          if (msg.accepted) {
            words.set(msg.word, { points: msg.points, pending: false });
            if (!lexicon) tell(`${msg.word.toUpperCase()} +${msg.points}`, "good");
          } else if (msg.reason !== "duplicate" || !words.has(msg.word)) {
            words.delete(msg.word);
            tell(reasonText(msg.reason, msg.word, rules), "bad");
          }
          renderWords();
          break;
        }
        case "error": {
          const word = msg.ref === null ? undefined : sent.get(msg.ref);
          if (msg.ref !== null) sent.delete(msg.ref);
          if (word !== undefined && words.get(word)?.pending) words.delete(word);
          tell(msg.message[0].toUpperCase() + msg.message.slice(1), "bad");
          renderWords();
          break;
        }
        case "pong":
          break;
      }
    }

    function render(): void {
      if (!room) return;
      rules = RULES[room.settings.rules];
      $("host-controls").hidden = !canStart() || room.status === "playing";
      $<HTMLButtonElement>("start-round").textContent = room.status === "finished" ? "Play again with a new board" : "Start the round";
      const form = $<HTMLFormElement>("start-form");
      (form.elements.namedItem("size") as HTMLSelectElement).value = String(room.settings.size);
      (form.elements.namedItem("rules") as HTMLSelectElement).value = room.settings.rules;
      (form.elements.namedItem("seconds") as HTMLSelectElement).value = String(room.settings.seconds);
      if (room.board && room.round !== shownRound) {
        shownRound = room.round;
        tell("");
        board = boardFromRows(room.board);
      }
      $("play").hidden = room.board === null;
      $("your-words-card").hidden = room.board === null;
      $("room-results").hidden = results === null;
      if (results) renderResults(root, results, you.id);
      if (results && room.status === "finished" && room.round !== presentedRound) {
        presentedRound = room.round;
        // Cleared first: the line collapsing after the scroll would move the results up.
        tell("");
        presentResults(root, results, you.id);
      }
      renderPlayers();
      renderWords();
      tick();
    }

    /** The host starts rounds; while the host is away, anyone may. */
    function canStart(): boolean {
      return you.host || !(room?.players.some((p) => p.host && p.connected) ?? true);
    }

    function renderPlayers(): void {
      if (!room) return;
      $("host-controls").hidden = !canStart() || room.status === "playing";
      $("room-players").replaceChildren(
        ...room.players.map((p) => {
          const li = document.createElement("li");
          const tags = [p.host ? "host" : "", p.id === you.id ? "you" : "", p.connected ? "" : "away"].filter(Boolean);
          // After a round, its points (struck words count nothing); during one, live word counts.
          const scored = room?.status === "finished" ? results?.players.find((r) => r.seatId === p.id) : undefined;
          const tally = scored ? `${scored.score} ${scored.score === 1 ? "point" : "points"}` : `${p.count} ${p.count === 1 ? "word" : "words"}`;
          li.textContent = `${p.name}${tags.length ? ` (${tags.join(", ")})` : ""}: ${tally}`;
          li.dataset.player = p.id;
          return li;
        }),
      );
    }

    function renderWords(): void {
      const list = [...words.entries()].sort(([a], [b]) => a.localeCompare(b));
      $("your-count").textContent = String(list.length);
      $("your-words").replaceChildren(
        ...list.map(([word, w]) => {
          const li = document.createElement("li");
          li.textContent = `${word} ${w.points}`;
          if (w.pending) li.className = "is-pending";
          return li;
        }),
      );
    }

    /** The phase of the round by the server's clock: countdown, play, or waiting for results. */
    function tick(): void {
      if (!room) return;
      const now = serverNow();
      const countdown = $("countdown");
      const timer = $("timer");
      if (room.status === "lobby") {
        status.textContent = you.host
          ? "Everyone in? Pick the board and start the round."
          : canStart()
            ? "The host is away: anyone can start the round."
            : "Waiting for the host to start the round.";
        countdown.textContent = "";
        timer.textContent = "";
        return;
      }
      if (room.status === "finished") {
        status.textContent = canStart() ? "Round over. Play again with a new board?" : "Round over. The host can start another round.";
        countdown.textContent = "";
        timer.textContent = "";
        if (board && shown !== `${room.round}:over`) {
          shown = `${room.round}:over`;
          view.setBoard(board, rules);
          view.setEnabled(false);
        }
        return;
      }
      if (!board || room.startsAt === null || room.endsAt === null) return;
      if (now < room.startsAt) {
        const seconds = Math.ceil((room.startsAt - now) / 1000);
        countdown.textContent = `Starting in ${seconds}…`;
        status.textContent = `Round ${room.round}: get ready.`;
        timer.textContent = formatDuration(room.endsAt - room.startsAt);
        if (shown !== `${room.round}:countdown`) {
          shown = `${room.round}:countdown`;
          view.setBoard(board, rules, { hidden: true });
          view.setEnabled(false);
        }
        return;
      }
      if (now < room.endsAt) {
        if (shown !== `${room.round}:play`) {
          shown = `${room.round}:play`;
          view.setBoard(board, rules);
          view.setEnabled(true);
          $<HTMLInputElement>("word").focus({ preventScroll: true });
        }
        countdown.textContent = "Go!";
        status.textContent = `Round ${room.round}: ${board.rows}x${board.cols}, ${rules.name} rules (words of ${rules.minLength}+ letters).`;
        timer.textContent = formatDuration(room.endsAt - now);
        timer.classList.toggle("is-urgent", room.endsAt - now < 10_000);
        return;
      }
      countdown.textContent = "Time's up!";
      timer.textContent = formatDuration(0);
      status.textContent = "Counting the words…";
      if (shown !== `${room.round}:wait`) {
        shown = `${room.round}:wait`;
        view.setEnabled(false);
      }
    }

    $<HTMLFormElement>("start-form").addEventListener("submit", (event) => {
      event.preventDefault();
      const data = new FormData(event.currentTarget as HTMLFormElement);
      connection.send({ type: "start", settings: { size: Number(data.get("size")), rules: String(data.get("rules")), seconds: Number(data.get("seconds")) } });
    });
    setInterval(tick, 200);
  }
}
