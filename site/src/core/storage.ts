// The browser's localStorage behind one guard. Reading or writing it can throw: inside an embed
// iframe whose storage the browser blocks, in some private modes, or when the quota is full. A
// failed read is "nothing stored"; a failed write is reported (false) and the page goes on with
// what it holds in memory.

function area(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // A SecurityError on merely touching the property.
  }
}

export function readItem(key: string): string | null {
  try {
    return area()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Stores `value` under `key`; false when it could not be stored. */
export function writeItem(key: string, value: string): boolean {
  try {
    const storage = area();
    if (!storage) return false;
    storage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

export function removeItem(key: string): void {
  try {
    area()?.removeItem(key);
  } catch {
    // Nothing could be stored there either.
  }
}

/** The stored keys that start with `prefix` (none when storage cannot be read). */
export function storedKeys(prefix: string): string[] {
  const keys: string[] = [];
  try {
    const storage = area();
    if (!storage) return keys;
    for (let i = 0; i < storage.length; i++) {
      const name = storage.key(i);
      if (name?.startsWith(prefix)) keys.push(name);
    }
  } catch {
    // Unreadable: as if nothing were stored.
  }
  return keys;
}

/** A stored JSON value that `accept` recognises; null when missing, unreadable or of another shape. */
export function readJson<T>(key: string, accept: (value: unknown) => value is T): T | null {
  const text = readItem(key);
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return accept(value) ? value : null;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): boolean {
  return writeItem(key, JSON.stringify(value));
}

/** Whether this page can store anything at all (a write and a removal both work). */
export function storageWorks(): boolean {
  const probe = "tw:probe";
  if (!writeItem(probe, "1")) return false;
  removeItem(probe);
  return true;
}
