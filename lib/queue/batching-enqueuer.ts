// Hands newly stored webhook events to the job queue in batches, off the request's path. A pg-boss
// send per delivery costs a round trip and a commit each, and the platform is waiting for the answer;
// the event is already stored durably, so the job is only a prompt: the sweep processes anything
// whose prompt was late or lost (a crash between the answer and the send).
import "server-only";

export interface BatchingEnqueuerOptions {
  send(eventIds: string[]): Promise<void>;
  /** How long ids gather before one send. */
  delayMs?: number;
  maxBatch?: number;
  log?: (message: string, details?: Record<string, unknown>) => void;
}

export function createBatchingEnqueuer(options: BatchingEnqueuerOptions): (eventIds: readonly string[]) => void {
  const delayMs = options.delayMs ?? 20;
  const maxBatch = options.maxBatch ?? 100;
  let pending: string[] = [];
  let timer: NodeJS.Timeout | undefined;

  const flush = () => {
    timer = undefined;
    while (pending.length > 0) {
      const batch = pending.slice(0, maxBatch);
      pending = pending.slice(maxBatch);
      options.send(batch).catch((error: unknown) => {
        options.log?.("webhook enqueue failed; the sweep will process these events", {
          count: batch.length,
          error: String(error),
        });
      });
    }
  };

  return (eventIds) => {
    pending.push(...eventIds);
    if (pending.length >= maxBatch) flush();
    else timer ??= setTimeout(flush, delayMs);
  };
}
