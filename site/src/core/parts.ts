// How an island finds its own parts: by data- attribute, inside its own element only.

/** The island's `[data-<name>]` child; a missing one is a markup bug, reported by name. */
export function partOf<T extends HTMLElement = HTMLElement>(root: HTMLElement, name: string): T {
  const el = root.querySelector<T>(`[data-${name}]`);
  if (!el) throw new Error(`<${root.localName}> lacks its [data-${name}] part`);
  return el;
}
