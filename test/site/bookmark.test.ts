// The site keeps the bookmark of the player's database session from each answer and sends it
// back with the same player's next request (site/src/core/bookmark.ts).
import { afterEach, describe, expect, test, vi } from "vitest";
import { bookmarkHeaders, noteBookmark } from "#site/core/bookmark.ts";
import { BOOKMARK_HEADER } from "#game/player-token.ts";
import { memoryStorage, refuse } from "./memory-storage.ts";

const B1 = "2/00000000-00000012-00000000-00000000000000000000000000000000";
const B2 = "2/00000000-00000015-00000000-00000000000000000000000000000000";
const answer = (bookmark: string | null) => ({ headers: new Headers(bookmark === null ? {} : { [BOOKMARK_HEADER]: bookmark }) });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the session bookmark", () => {
  test("is kept from an answer and sent with the same player's next request, the newest one winning", () => {
    vi.stubGlobal("localStorage", memoryStorage());
    expect(bookmarkHeaders("p1")).toEqual({});
    noteBookmark(answer(B1), "p1");
    expect(bookmarkHeaders("p1")).toEqual({ [BOOKMARK_HEADER]: B1 });
    noteBookmark(answer(null), "p1");
    expect(bookmarkHeaders("p1")).toEqual({ [BOOKMARK_HEADER]: B1 });
    noteBookmark(answer(B2), "p1");
    expect(bookmarkHeaders("p1")).toEqual({ [BOOKMARK_HEADER]: B2 });
  });

  test("is never sent for another player, nor without one", () => {
    vi.stubGlobal("localStorage", memoryStorage());
    noteBookmark(answer(B1), "p1");
    noteBookmark(answer(B2), undefined);
    expect(bookmarkHeaders("p2")).toEqual({});
    expect(bookmarkHeaders(undefined)).toEqual({});
    expect(bookmarkHeaders("p1")).toEqual({ [BOOKMARK_HEADER]: B1 });
  });

  test("lasts for the page where the browser refuses storage", () => {
    vi.stubGlobal("localStorage", { ...memoryStorage(), getItem: refuse, setItem: refuse, removeItem: refuse });
    noteBookmark(answer(B2), "p3");
    expect(bookmarkHeaders("p3")).toEqual({ [BOOKMARK_HEADER]: B2 });
  });
});
