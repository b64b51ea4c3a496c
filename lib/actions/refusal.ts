// A refusal thrown from deep in the domain (a rule checked inside a transaction, say) so that it
// reaches the person as the same answer a builder-made action returns. The action builder and the
// JSON routes turn it into its failure; anything else thrown is a bug or a platform error.
import type { ActionFailure } from "@/lib/actions/result";

export class Refusal extends Error {
  readonly failure: ActionFailure;

  constructor(failure: ActionFailure) {
    super(failure.message);
    this.name = "Refusal";
    this.failure = failure;
  }
}
