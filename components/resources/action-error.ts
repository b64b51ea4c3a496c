// A failed action as an Error TanStack Query can hold, keeping the parts the UI shows (plain
// message, request id, field errors, reconnect link).
import type { ActionResult, Failure } from "@/lib/resources/result";

export class ActionError extends Error {
  readonly failure: Failure;

  constructor(failure: Failure) {
    super(failure.message);
    this.name = "ActionError";
    this.failure = failure;
  }
}

export function unwrap<T>(result: ActionResult<T>): T {
  if (!result.ok) throw new ActionError(result);
  return result.data;
}

/** What an error boundary or a banner shows for anything thrown (a lost network included). */
export function shownError(error: unknown): Failure {
  if (error instanceof ActionError) return error.failure;
  return { message: "The app could not be reached. Check your connection and try again.", errors: {} };
}
