// Asks again when the server was busy or unreachable (a transient ApiError), backing off between
// tries (backoff.ts), up to a number of attempts; meanwhile, and if it never answers, what the
// page has stands. Other errors end the tries at once.
import { ApiError } from "./api-error.ts";
import { backoffDelay } from "./backoff.ts";

export async function retryingTransient(attempts: number, attempt: () => Promise<void>, tried = 1): Promise<void> {
  try {
    await attempt();
  } catch (error) {
    if (error instanceof ApiError && error.transient && tried < attempts) window.setTimeout(() => void retryingTransient(attempts, attempt, tried + 1), backoffDelay(tried));
  }
}
