// Playing in a room with a seat: the room's WebSocket feeds the store, the store's states are
// drawn by the screen, and the player's words and starts go back on the socket. Words get an
// instant verdict from the engine here once the word list is loaded; the room's verdict decides.
import { checkWord } from "../../../../shared/index.ts";
import { rooms } from "../core/api.ts";
import { loadLexicon } from "../core/lexicon.ts";
import { RoomConnection } from "./room-connection.ts";
import type { Say } from "./room-lobby.ts";
import { RoomScreen } from "./room-screen.ts";
import { type Seat, forgetSeat } from "./room-seats.ts";
import { RoomStore, initialRoomState, lexiconLoaded, outboxSent, phaseAt, rulesOf, told, wordTyped } from "./room-store.ts";
import { ServerClock } from "../core/server-clock.ts";
import { onTick } from "../core/ticker.ts";
import type { Lexicon } from "../../../../shared/index.ts";
import { LANGUAGES, type LanguageCode } from "../../../../shared/languages.ts";

export interface SessionOptions {
  embed: boolean;
  say: Say;
  /** The room no longer knows this seat: offer to join again. */
  onSeatLost(): void;
}

export function playRoom(root: HTMLElement, code: string, seat: Seat, options: SessionOptions): void {
  const { say } = options;
  say("");
  const clock = new ServerClock();
  const store = new RoomStore(initialRoomState(seat.seatId));
  /** The room's language's word list, once loaded (the room says its language with its first state). */
  let lexicon: { lang: LanguageCode; words: Lexicon } | null = null;
  let lexiconAsked: LanguageCode | null = null;
  const useLanguage = (lang: LanguageCode) => {
    if (lexiconAsked === lang) return;
    lexiconAsked = lang;
    loadLexicon(lang)
      .then((words) => {
        lexicon = { lang, words };
        store.apply(lexiconLoaded);
      })
      .catch(() => store.apply((state) => told(state, { text: "The word list could not be loaded: the room still judges every word.", tone: "info" })));
  };

  const screen = new RoomScreen(root, code, { embed: options.embed, clock, say }, {
    onWord: (raw) => {
      const { room } = store.state;
      if (room === null || phaseAt(room, clock.now()).kind !== "play") return;
      const board = screen.currentBoard();
      const language = LANGUAGES[room.settings.lang];
      const judge =
        lexicon?.lang === language.code && board
          ? (word: string, found: ReadonlySet<string>) => checkWord(board, lexicon!.words, rulesOf(store.state), language.normalize(word) ?? word, found)
          : null;
      const before = store.state.lastRef;
      store.apply((state) => wordTyped(state, raw, judge));
      if (store.state.lastRef !== before) screen.clearWord();
    },
    onStart: (settings) => connection.send({ type: "start", settings }),
  });

  const connection = new RoomConnection(code, seat.seatKey, {
    onMessage: (message) => store.receive(message),
    onClockSample: (serverTime, sentAt, receivedAt) => clock.observe(serverTime, sentAt, receivedAt),
    onStatus: (status) => {
      if (status === "retrying") store.apply((state) => told(state, { text: "Connection lost: reconnecting…", tone: "bad" }));
      else if (status === "open" && store.state.feedback.tone === "bad") store.apply((state) => told(state, { text: "", tone: "info" }));
    },
    onGone: async (reason) => {
      if (reason === "elsewhere") return say("This room is open in another tab or window.");
      const info = await rooms.info(code).catch(() => undefined);
      if (info === null) return say(`Room ${code} is closed.`);
      if (info && !info.players.some((p) => p.id === seat.seatId)) {
        forgetSeat(code);
        connection.stop();
        screen.hide();
        return options.onSeatLost();
      }
      say("The room cannot be reached right now. Reload to try again.");
    },
  });

  store.subscribe((state) => {
    // Words waiting in the outbox go out first, so the screen never draws a state that holds them.
    if (state.outbox.length > 0) {
      for (const { ref, word } of state.outbox) connection.send({ type: "word", word, ref });
      return store.apply(outboxSent);
    }
    if (state.room) useLanguage(state.room.settings.lang);
    screen.render(state);
  });
  onTick(() => screen.tick());
}
