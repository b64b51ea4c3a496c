// One person's timeline reads and exports under way, counted across every app process: a place is a
// row of read_leases, taken by the database function take_read_lease (one round trip, under a lock
// of that person's), deleted when the read ends. A process that dies leaves its places behind for
// at most LEASE_MS; a place held longer (an export) is renewed while it runs. The in-process gates
// (lib/limits/read-gates.ts) still form the line a person's next read waits in; this is what makes
// "1 search running" true whichever process answers.
import "server-only";
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { log } from "@/lib/log/logger";

export type LeaseKind = "read" | "export";

/** How long a place outlives a process that died holding it. */
export const LEASE_MS = 60_000;

export type Lease = { ok: true; release(): Promise<void> } | { ok: false; running: number };

export async function takeLease(kind: LeaseKind, userId: string, limit: number): Promise<Lease> {
  const id = randomUUID();
  const [{ running }] = await db.$queryRaw<Array<{ running: number }>>`
    SELECT take_read_lease(${id}, ${userId}, ${kind}, ${limit}::int, ${LEASE_MS}::int) AS running`;
  if (running > 0) return { ok: false, running };
  const renew = setInterval(() => {
    void db.$executeRaw`
      UPDATE read_leases SET expires_at = clock_timestamp() + ${LEASE_MS}::int * INTERVAL '1 millisecond' WHERE id = ${id}`.catch(
      (error: unknown) => log.warn("limits: a read's place was not renewed", { err: error }),
    );
  }, LEASE_MS / 3);
  renew.unref();
  let released: Promise<void> | undefined;
  return {
    ok: true,
    release: () => {
      clearInterval(renew);
      released ??= db.readLease
        .deleteMany({ where: { id } })
        .then(() => {})
        // Not given back: it lapses at its expiry, and the person waits until then at worst.
        .catch((error: unknown) => log.warn("limits: a read's place was not given back", { err: error }));
      return released;
    },
  };
}
