// The served API asked straight from the browser tests (no page): JSON requests from client
// addresses of the test file's own, so one file's per-address rate limits never reach another's.
import { expect } from "vitest";
import { baseUrl } from "./helpers.ts";

export interface ApiInit {
  method?: string;
  token?: string;
  json?: unknown;
}

/** Sends a request to the served API and reads its JSON answer: with `status`, expects it; without (0), throws unless 2xx. */
export type Api = <T>(path: string, init?: ApiInit, status?: number) => Promise<T>;

/** An Api whose requests come from `prefix`.1, `prefix`.2 and so on, one address a request (a prefix of the file's own). */
export function apiFrom(prefix: string): Api {
  let ip = 0;
  return async <T>(path: string, init: ApiInit = {}, status = 0): Promise<T> => {
    const headers: Record<string, string> = { "CF-Connecting-IP": `${prefix}.${++ip}` };
    if (init.token) headers.Authorization = `Bearer ${init.token}`;
    if (init.json !== undefined) headers["Content-Type"] = "application/json";
    const res = await fetch(`${baseUrl}${path}`, { method: init.method ?? (init.json === undefined ? "GET" : "POST"), headers, body: init.json === undefined ? undefined : JSON.stringify(init.json) });
    const text = await res.text();
    if (status !== 0) expect(res.status, text).toBe(status);
    else if (!res.ok) throw new Error(`${path}: ${res.status} ${text}`);
    return JSON.parse(text) as T;
  };
}
