// A failed action as an Error, carrying the answer the person sees (lib/results/result.ts). Thrown
// on the server from deep in the domain (a rule checked inside a transaction, say), it reaches the
// person as the same answer a builder-made action returns; thrown in the browser by unwrap(), it is
// what TanStack Query holds, so an error state can show the message, request id and sign-in link.
import type { ActionFailure } from "@/lib/results/result";

export class ActionError extends Error {
  readonly failure: ActionFailure;

  constructor(failure: ActionFailure) {
    super(failure.message);
    this.name = "ActionError";
    this.failure = failure;
  }
}
