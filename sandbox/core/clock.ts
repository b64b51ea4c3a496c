// The sandbox's controllable clock. By default it runs with real time (so the app's own expiry and
// signature-age checks agree with it) plus an offset that `advance` grows; tests may freeze it at a
// fixed instant so that seeded data and timestamps are fully repeatable.
export interface ClockOptions {
  /** Start instant (ISO string or ms); default: real now. */
  start?: string | number;
  /** Frozen clocks move only when advanced. */
  frozen?: boolean;
}

export class Clock {
  private offsetMs: number;
  private frozenAt: number | null;
  private readonly listeners = new Set<() => void>();

  constructor(options: ClockOptions = {}) {
    const start = options.start === undefined ? Date.now() : new Date(options.start).getTime();
    if (Number.isNaN(start)) throw new Error("Clock start is not a valid date");
    this.offsetMs = start - Date.now();
    this.frozenAt = options.frozen ? start : null;
  }

  now(): number {
    return this.frozenAt ?? Date.now() + this.offsetMs;
  }

  iso(ms: number = this.now()): string {
    return new Date(ms).toISOString();
  }

  get frozen(): boolean {
    return this.frozenAt !== null;
  }

  advance(seconds: number): void {
    const ms = Math.round(seconds * 1000);
    if (this.frozenAt !== null) this.frozenAt += ms;
    else this.offsetMs += ms;
    for (const listener of this.listeners) listener();
  }

  /** Called after every advance (the scheduler re-checks due work). */
  onAdvance(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
