// The browser's side of the result protocol: a failed result as an Error TanStack Query can hold
// (keeping what the UI shows: message, request id, field errors, where to sign in again), and the
// JSON routes read the same way a server action's result is.
import { failure, type ActionFailure, type ActionResult } from "@/lib/actions/result";

export class ActionError extends Error {
  readonly failure: ActionFailure;

  constructor(failure: ActionFailure) {
    super(failure.message);
    this.name = "ActionError";
    this.failure = failure;
  }
}

export function unwrap<T>(result: ActionResult<T>): T {
  if (!result.ok) throw new ActionError(result);
  return result.data;
}

const UNREACHABLE = failure("unavailable", "The app could not be reached. Check your connection and try again.");

/** What an error state or a banner shows for anything thrown (a lost network included). */
export function shownError(error: unknown): ActionFailure {
  if (error instanceof ActionError) return error.failure;
  return UNREACHABLE;
}

/** GET a JSON route of the app (lib/actions/route.ts) and unwrap its result; throws ActionError. */
export async function getResult<T>(path: string, query: Record<string, string | undefined> = {}): Promise<T> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const search = params.toString();
  let body: unknown;
  try {
    const response = await fetch(search ? `${path}?${search}` : path, { headers: { Accept: "application/json" } });
    body = await response.json();
  } catch {
    throw new ActionError(UNREACHABLE);
  }
  if (!body || typeof body !== "object" || !("ok" in body)) throw new ActionError(UNREACHABLE);
  return unwrap(body as ActionResult<T>);
}
