import { describe, expect, it } from "vitest";
import { createBatchingEnqueuer } from "@/lib/queue/batching-enqueuer";

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("createBatchingEnqueuer", () => {
  it("gathers ids that arrive together into one send", async () => {
    const sends: string[][] = [];
    const enqueue = createBatchingEnqueuer({ send: async (ids) => void sends.push(ids), delayMs: 10 });
    enqueue(["a"]);
    enqueue(["b", "c"]);
    expect(sends).toEqual([]);
    await settle(30);
    expect(sends).toEqual([["a", "b", "c"]]);
  });

  it("sends at once when a batch is full, and never more than the batch size", async () => {
    const sends: string[][] = [];
    const enqueue = createBatchingEnqueuer({ send: async (ids) => void sends.push(ids), delayMs: 1_000, maxBatch: 2 });
    enqueue(["a", "b", "c"]);
    expect(sends).toEqual([["a", "b"], ["c"]]);
  });

  it("reports a failed send instead of throwing into the request", async () => {
    const logged: string[] = [];
    const enqueue = createBatchingEnqueuer({
      send: async () => {
        throw new Error("queue down");
      },
      delayMs: 1,
      log: (message) => logged.push(message),
    });
    expect(() => enqueue(["a"])).not.toThrow();
    await settle(20);
    expect(logged).toEqual(["webhook enqueue failed; the sweep will process these events"]);
  });
});
