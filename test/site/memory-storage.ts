// Storage for the site's storage-backed modules: a Storage kept in a Map, as a browser's would be,
// and the method of a browser that refuses storage.
export function memoryStorage(): Storage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

/** A Storage method of a browser that refuses storage: it throws the browser's SecurityError. */
export function refuse(): never {
  throw new DOMException("The operation is insecure.", "SecurityError");
}
