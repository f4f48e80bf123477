// The guarded storage helper: where the browser refuses storage (an embed iframe, a private
// mode, a full quota), reads find nothing and writes say they failed, and nothing throws.
import { afterEach, describe, expect, test, vi } from "vitest";
import { readItem, readJson, removeItem, storageWorks, writeItem, writeJson } from "#site/core/storage.ts";
import { memoryStorage, refuse } from "./memory-storage.ts";


const isPair = (v: unknown): v is { a: number } => typeof (v as { a?: unknown } | null)?.a === "number";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("with storage", () => {
  test("stores, reads and removes text and JSON", () => {
    vi.stubGlobal("localStorage", memoryStorage());
    expect(storageWorks()).toBe(true);
    expect(writeItem("k", "v")).toBe(true);
    expect(readItem("k")).toBe("v");
    removeItem("k");
    expect(readItem("k")).toBeNull();
    expect(writeJson("j", { a: 1 })).toBe(true);
    expect(readJson("j", isPair)).toEqual({ a: 1 });
  });

  test("JSON of another shape, or no JSON at all, reads as nothing", () => {
    vi.stubGlobal("localStorage", memoryStorage());
    writeItem("j", JSON.stringify({ a: "one" }));
    expect(readJson("j", isPair)).toBeNull();
    writeItem("j", "{not json");
    expect(readJson("j", isPair)).toBeNull();
  });
});

describe("where the browser refuses storage", () => {
  test("every method that throws is absorbed", () => {
    vi.stubGlobal("localStorage", { ...memoryStorage(), getItem: refuse, setItem: refuse, removeItem: refuse });
    expect(readItem("k")).toBeNull();
    expect(writeItem("k", "v")).toBe(false);
    expect(writeJson("k", { a: 1 })).toBe(false);
    expect(() => removeItem("k")).not.toThrow();
    expect(readJson("k", isPair)).toBeNull();
    expect(storageWorks()).toBe(false);
  });

  test("even touching localStorage may throw", () => {
    Object.defineProperty(globalThis, "localStorage", {
      configurable: true,
      get() {
        throw new DOMException("Access is denied for this document.", "SecurityError");
      },
    });
    try {
      expect(readItem("k")).toBeNull();
      expect(writeItem("k", "v")).toBe(false);
      expect(storageWorks()).toBe(false);
    } finally {
      delete (globalThis as { localStorage?: unknown }).localStorage;
    }
  });
});
