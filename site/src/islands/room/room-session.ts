// Playing in a room with a seat: the room's WebSocket feeds the store, the store's states are
// drawn by the screen, and the player's words and starts go back on the socket. Words get an
// instant verdict from the engine here against the round's words (sent as salted hashes with the
// room's state: no lexicon); the room's verdict decides.
import { DayWords, type DayWordsPayload, LANGUAGES, checkWord } from "#engine";
import { rooms } from "../../core/api.ts";
import { RoomConnection } from "./room-connection.ts";
import type { Say } from "./room-lobby.ts";
import { RoomScreen } from "./room-screen.ts";
import { type Seat, forgetSeat } from "./room-seats.ts";
import { RoomStore, initialRoomState, outboxSent, phaseAt, rulesOf, told, wordsLoaded, wordTyped } from "./room-store.ts";
import { ServerClock } from "../../core/server-clock.ts";
import { onTick } from "../../core/ticker.ts";

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
  /** The current round's words, from the room's last state that had a board. */
  let roundWords: { salt: string; words: DayWords } | null = null;
  const useRoundWords = (payload: DayWordsPayload | null) => {
    if (payload === null || payload.salt === roundWords?.salt) return;
    roundWords = { salt: payload.salt, words: new DayWords(payload) };
    store.apply(wordsLoaded);
  };

  const screen = new RoomScreen(root, code, { embed: options.embed, clock, say }, {
    onWord: (raw) => {
      const { room } = store.state;
      if (room === null || phaseAt(room, clock.now()).kind !== "play") return;
      const board = screen.currentBoard();
      const language = LANGUAGES[room.settings.lang];
      const words = roundWords?.salt === `${room.code}/${room.round}` ? roundWords.words : null;
      const judge =
        words && board ? (word: string, found: ReadonlySet<string>) => checkWord(board, words, rulesOf(store.state), language.normalize(word) ?? word, found) : null;
      const before = store.state.lastRef;
      store.apply((state) => wordTyped(state, raw, judge));
      if (store.state.lastRef !== before) screen.clearWord();
    },
    onStart: (settings) => connection.send({ type: "start", settings }),
  });

  const connection = new RoomConnection(code, seat.seatKey, {
    onMessage: (message) => {
      if (message.type === "state") useRoundWords(message.dayWords);
      store.receive(message);
    },
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
    screen.render(state);
  });
  onTick(() => screen.tick());
}
