// Runs work at sandbox-clock instants (webhook retries). A real timer waits for the earliest entry
// while the clock runs; advancing the clock runs whatever became due at once. A frozen clock sets
// no timers, so due work runs only on advance (fully repeatable tests).
import type { Clock } from "./clock";

interface Entry {
  dueAt: number;
  seq: number;
  run: () => void;
}

export class Scheduler {
  private entries: Entry[] = [];
  private timer: NodeJS.Timeout | null = null;
  private seq = 0;
  private closed = false;
  private readonly unsubscribe: () => void;

  constructor(private readonly clock: Clock) {
    this.unsubscribe = clock.onAdvance(() => this.poke());
  }

  at(dueAt: number, run: () => void): void {
    if (this.closed) return;
    this.entries.push({ dueAt, seq: this.seq++, run });
    this.entries.sort((a, b) => a.dueAt - b.dueAt || a.seq - b.seq);
    this.poke();
  }

  get pending(): number {
    return this.entries.length;
  }

  /** Runs due entries and re-arms the timer for the next one. */
  poke(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.closed) return;
    const now = this.clock.now();
    while (this.entries.length > 0 && this.entries[0].dueAt <= now) {
      const entry = this.entries.shift();
      entry?.run();
    }
    const next = this.entries[0];
    if (next && !this.clock.frozen) {
      this.timer = setTimeout(() => this.poke(), Math.max(1, next.dueAt - this.clock.now()));
    }
  }

  clear(): void {
    this.entries = [];
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  close(): void {
    this.closed = true;
    this.clear();
    this.unsubscribe();
  }
}
