// HTTP requests of a load test against a local server: each timed by kind, each answer counted by
// kind and status, a request with no usable answer (refused, cut off, timed out, a 5xx) thrown as
// Unreachable so the caller can try it again later, as the site does.

/** No usable answer: refused, cut off, timed out, or a 5xx. Worth another try later. */
export class Unreachable extends Error {}

export type RequestInitJson = RequestInit & { json?: unknown; timeoutMs?: number };

export class TimedRequests {
  /** The server's origin, e.g. http://127.0.0.1:8787 (set once it runs). */
  base = "";
  /** Milliseconds of each answered request, by kind. */
  readonly latencies = new Map<string, number[]>();
  /** How many answers of each "kind: status" (or "kind: no answer"). */
  readonly outcomes = new Map<string, number>();
  /** The 5xx answers, as "status text…". */
  readonly failures: string[] = [];

  private bump(key: string): void {
    this.outcomes.set(key, (this.outcomes.get(key) ?? 0) + 1);
  }

  async request<T>(kind: string, pathname: string, init: RequestInitJson = {}): Promise<{ status: number; body: T }> {
    const headers = new Headers(init.headers);
    if (init.json !== undefined) headers.set("Content-Type", "application/json");
    const started = performance.now();
    let res: Response;
    let text: string;
    try {
      res = await fetch(`${this.base}${pathname}`, { ...init, headers, body: init.json === undefined ? init.body : JSON.stringify(init.json), signal: AbortSignal.timeout(init.timeoutMs ?? 10_000) });
      text = await res.text();
    } catch {
      // Refused, cut off mid-answer or timed out: the server is down (or was killed meanwhile).
      this.bump(`${kind}: no answer (server down)`);
      throw new Unreachable(pathname);
    }
    (this.latencies.get(kind) ?? this.latencies.set(kind, []).get(kind)!).push(performance.now() - started);
    this.bump(`${kind}: ${res.status}`);
    // An overloaded local workerd may answer 5xx (even in plain text): like the site, try again later.
    if (res.status >= 500) {
      this.failures.push(`${res.status} ${text.slice(0, 80)}`);
      throw new Unreachable(pathname);
    }
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
  }
}

/** Like the site: a request without a usable answer is tried again, up to `attempts` times, waiting a second more each time. */
export async function retrying<T>(send: () => Promise<T>, attempts = 6): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await send();
    } catch (error) {
      if (!(error instanceof Unreachable) || attempt === attempts) throw error;
      await new Promise((r) => setTimeout(r, 1000 * attempt));
    }
  }
}
