// One person's share of the reads: at most `running` at once (timeline pages and searches; exports
// one at a time), more waiting in a short line for a place, the rest told to wait. Without it, one
// person's thirty parallel searches would take every connection of the pool and every clinic would
// wait. The line is in this process's memory; the timeline's reads and exports also take the
// person's place across processes (lib/limits/leases.ts). The requests under way (request-share.ts)
// are counted here alone, each process allowed its part of the person's bound
// (lib/limits/live-processes.ts).
export interface GateLimits {
  /** How many of one person's reads run at once. */
  running: number;
  /** How many more may wait in line; beyond that they are refused at once. */
  waiting: number;
  /** How long one waits for a place before being refused (Infinity: until its turn). */
  waitMs: number;
}

export type Entry =
  | {
      ok: true;
      /** 0 when it ran at once, else its place in line on arrival (1 = next). */ position: number;
      release(): void;
    }
  | { ok: false; running: number; waiting: number };

interface Line {
  running: number;
  queue: Array<(admitted: boolean) => void>;
}

export interface ReadGate {
  enter(userId: string, signal?: AbortSignal): Promise<Entry>;
  /** What one person holds now (for tests and the benchmark). */
  load(userId: string): { running: number; waiting: number };
}

export function createReadGate(limits: () => GateLimits): ReadGate {
  const lines = new Map<string, Line>();

  // A place handed over by release() is already counted in `running`: the next in line takes it as it is.
  const admit = (userId: string, line: Line, position: number, handedOver = false): Entry => {
    if (!handedOver) line.running += 1;
    let released = false;
    return {
      ok: true,
      position,
      release() {
        if (released) return;
        released = true;
        const next = line.queue.shift();
        if (next) return next(true);
        line.running -= 1;
        if (line.running === 0) lines.delete(userId);
      },
    };
  };

  return {
    async enter(userId, signal) {
      const { running, waiting, waitMs } = limits();
      let line = lines.get(userId);
      if (!line) lines.set(userId, (line = { running: 0, queue: [] }));
      if (line.running < running && line.queue.length === 0) return admit(userId, line, 0);
      if (line.queue.length >= waiting) return { ok: false, running: line.running, waiting: line.queue.length };
      const position = line.queue.length + 1;
      const held = line;
      const admitted = await new Promise<boolean>((resolve) => {
        let timer: NodeJS.Timeout | undefined;
        const settle = (value: boolean) => {
          clearTimeout(timer);
          signal?.removeEventListener("abort", giveUp);
          resolve(value);
        };
        const giveUp = () => {
          const at = held.queue.indexOf(settle);
          if (at >= 0) held.queue.splice(at, 1);
          settle(false);
        };
        held.queue.push(settle);
        if (Number.isFinite(waitMs)) timer = setTimeout(giveUp, waitMs);
        signal?.addEventListener("abort", giveUp, { once: true });
      });
      if (!admitted) return { ok: false, running: held.running, waiting: held.queue.length };
      return admit(userId, held, position, true);
    },
    load(userId) {
      const line = lines.get(userId);
      return { running: line?.running ?? 0, waiting: line?.queue.length ?? 0 };
    },
  };
}
