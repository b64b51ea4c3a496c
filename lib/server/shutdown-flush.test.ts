// The shutdown writes what the process held in memory before the database closes, and one writer's
// failure neither stops the others nor the shutdown (lib/server/shutdown.ts, lib/health/process-state.ts).
import http from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { flushHeldCounts, flushOnShutdown, processState } from "@/lib/health/process-state";
import { shutDown } from "@/lib/server/shutdown";

afterEach(() => {
  processState().flushers.clear();
  processState().draining = false;
});

async function listening(): Promise<http.Server> {
  const server = http.createServer((_req, res) => res.end());
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return server;
}

describe("counts held in memory at shutdown", () => {
  it("are written before the database closes, every writer even when one fails", async () => {
    const order: string[] = [];
    flushOnShutdown("drift", async () => void order.push("drift written"));
    flushOnShutdown("broken", () => Promise.reject(new Error("database gone")));
    flushOnShutdown("other", async () => void order.push("other written"));
    const clean = await shutDown({
      server: await listening(),
      timeoutMs: 2000,
      flush: flushHeldCounts,
      closeDatabase: async () => void order.push("database closed"),
    });
    expect(clean).toBe(true);
    expect(order).toEqual(["drift written", "other written", "database closed"]);
  });

  it("a writer registered twice under one name writes once", async () => {
    let writes = 0;
    flushOnShutdown("drift", async () => void (writes += 1));
    flushOnShutdown("drift", async () => void (writes += 1));
    await flushHeldCounts();
    expect(writes).toBe(1);
  });
});
