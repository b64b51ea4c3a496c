// Deterministic random sources. Data (ids, seeded names, seeded file links) comes from seeded streams
// so that the same seed gives the same data; secrets (tokens, codes, links of uploaded files) come
// from crypto and are never predictable.
import { randomBytes } from "node:crypto";

/** mulberry32: small, fast, good enough for fixtures; not for secrets. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";

/** Deterministic ids like `pat_k3j9x0a1b2c3`, one stream per sandbox state. */
export class IdSource {
  private readonly random: () => number;
  private used = new Set<string>();
  /** How many numbers the stream gave, so that a saved sandbox goes on where it stopped. */
  private drawn = 0;
  constructor(seed: number) {
    this.random = seededRandom(seed ^ 0x5eed1d5);
  }
  private draw(): number {
    this.drawn += 1;
    return this.random();
  }
  next(prefix: string): string {
    for (;;) {
      let s = "";
      for (let i = 0; i < 12; i++) s += ALPHABET[Math.floor(this.draw() * ALPHABET.length)];
      const id = `${prefix}_${s}`;
      if (!this.used.has(id)) {
        this.used.add(id);
        return id;
      }
    }
  }
  snapshot(): { drawn: number; used: string[] } {
    return { drawn: this.drawn, used: [...this.used] };
  }
  /** Continues a saved stream of the same seed: the next id is the one the saved sandbox would have made. */
  restore(saved: { drawn: number; used: string[] }): void {
    while (this.drawn < saved.drawn) this.draw();
    this.used = new Set(saved.used);
  }
}

/** An unpredictable secret (tokens, codes, grant secrets, file links). */
export function secret(prefix: string, bytes = 24): string {
  return `${prefix}_${randomBytes(bytes).toString("base64url")}`;
}

const URL_SAFE = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** A link token drawn from a seeded stream (seeded file links: same seed, same URLs). */
export function seededToken(random: () => number, prefix: string, length = 16): string {
  let s = "";
  for (let i = 0; i < length; i++) s += URL_SAFE[Math.floor(random() * URL_SAFE.length)];
  return `${prefix}_${s}`;
}

export function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)];
}
