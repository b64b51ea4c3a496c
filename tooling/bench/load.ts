// A small, bounded HTTP load generator for the ingest benchmark: a fixed number of requests and a
// hard time limit, over one keep-alive agent. Two shapes: open loop at a fixed rate (latency is
// measured from each request's scheduled start, so a server that falls behind is charged for the
// queue it causes) and closed loop with a fixed concurrency (throughput).
import http from "node:http";

export interface LoadRequest {
  body: string;
  headers: Record<string, string>;
  /** Reported back for requests answered 200, so the caller can check what was stored. */
  key: string;
}

export interface LoadOptions {
  url: string;
  count: number;
  maxSeconds: number;
  request(i: number): LoadRequest;
  /** Open loop: requests per second. */
  rate?: number;
  /** Closed loop: requests in flight at once. */
  concurrency?: number;
}

export interface LoadResult {
  sent: number;
  answered: number;
  /** Keys of requests answered 200/201. */
  acknowledged: string[];
  statuses: Record<string, number>;
  errors: number;
  seconds: number;
  /** Answered requests per second of wall time. */
  throughput: number;
  latenciesMs: number[];
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const target = new URL(options.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: Math.max(options.concurrency ?? 0, 256) });
  const result: LoadResult = {
    sent: 0,
    answered: 0,
    acknowledged: [],
    statuses: {},
    errors: 0,
    seconds: 0,
    throughput: 0,
    latenciesMs: [],
  };
  const started = performance.now();
  const deadline = started + options.maxSeconds * 1000;

  const send = (i: number, scheduledAt: number) =>
    new Promise<void>((resolve) => {
      const { body, headers, key } = options.request(i);
      result.sent += 1;
      const req = http.request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          path: target.pathname,
          method: "POST",
          headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), ...headers },
        },
        (res) => {
          res.resume();
          res.on("end", () => {
            result.answered += 1;
            result.latenciesMs.push(performance.now() - scheduledAt);
            const status = String(res.statusCode);
            result.statuses[status] = (result.statuses[status] ?? 0) + 1;
            if (res.statusCode === 200 || res.statusCode === 201) result.acknowledged.push(key);
            resolve();
          });
        },
      );
      req.setTimeout(10_000, () => req.destroy(new Error("timeout")));
      req.on("error", () => {
        result.errors += 1;
        resolve();
      });
      req.end(body);
    });

  const inflight: Promise<void>[] = [];
  if (options.rate) {
    const interval = 1000 / options.rate;
    for (let i = 0; i < options.count; i++) {
      const scheduledAt = started + i * interval;
      if (scheduledAt > deadline) break;
      const wait = scheduledAt - performance.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      inflight.push(send(i, scheduledAt));
    }
  } else {
    let next = 0;
    const worker = async () => {
      while (next < options.count && performance.now() < deadline) {
        const i = next++;
        await send(i, performance.now());
      }
    };
    inflight.push(...Array.from({ length: options.concurrency ?? 1 }, worker));
  }
  await Promise.all(inflight);
  result.seconds = (performance.now() - started) / 1000;
  result.throughput = result.answered / result.seconds;
  agent.destroy();
  return result;
}
