// The advisory lock Prisma's schema engine takes around migrations (same key), so our deploy,
// another process of ours and a standard `prisma migrate deploy` never apply at the same time.
// pg_try_advisory_lock in a loop rather than pg_advisory_lock: the wait gets a deadline and a clear
// error instead of hanging forever behind a stuck session.
import type pg from "pg";

export const PRISMA_ADVISORY_LOCK_KEY = 72707369;

export async function withAdvisoryLock<T>(client: pg.Client, timeoutMs: number, work: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await client.query<{ locked: boolean }>("SELECT pg_try_advisory_lock($1) AS locked", [
      PRISMA_ADVISORY_LOCK_KEY,
    ]);
    if (result.rows[0]?.locked) break;
    if (Date.now() >= deadline) {
      throw new Error(
        `Timed out after ${timeoutMs} ms waiting for the migration lock (pg_advisory_lock(${PRISMA_ADVISORY_LOCK_KEY})): another deploy is running.`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  try {
    return await work();
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [PRISMA_ADVISORY_LOCK_KEY]).catch(() => undefined);
  }
}
