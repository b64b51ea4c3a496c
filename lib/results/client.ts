// The browser's side of the result protocol: a failed result thrown as an ActionError for TanStack
// Query to hold, what an error state shows for anything thrown, and the JSON routes read the same
// way a server action's result is.
import { ActionError } from "@/lib/results/action-error";
import { failure, type ActionFailure, type ActionResult } from "@/lib/results/result";

export function unwrap<T>(result: ActionResult<T>): T {
  if (!result.ok) throw new ActionError(result);
  return result.data;
}

const UNREACHABLE = failure("unavailable", "actions.unreachable");

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
