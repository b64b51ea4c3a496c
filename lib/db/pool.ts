// The process's pg pools, on which lib/db/index.ts builds the Prisma clients. Its own module so that code
// which skips Prisma (the webhook's write, lib/events/store.ts) loads only pg: the app server's
// bundle (lib/server, built apart from Next.js's) has its own copy of the webhook path, and a second
// copy of Prisma's generated client in it would cost memory for nothing.
//
// Two pools, so that people's reads never hold up the platform's: `pool()` serves people's requests
// (pages, server actions, JSON routes) and bounds every statement's time (STATEMENT_TIMEOUT_MS;
// PostgreSQL cancels it with SQLSTATE 57014, lib/limits/statement-timeout.ts says it in words);
// `systemPool()` serves webhook ingest and the job worker, with a far looser bound
// (SYSTEM_STATEMENT_TIMEOUT_MS, lifted by the retention passes for their own transactions) and
// connections of its own, so a burst of searches cannot make a delivery wait for one.
import "server-only";
import pg from "pg";
import { getConfig } from "@/lib/config";
import { requireDatabaseUrl } from "@/lib/db/url";
import { log } from "@/lib/log/logger";
import { traceQueries, tracingOn } from "@/lib/tracing/tracer";

/** What code that skips Prisma needs of a pool: parameterised queries. A pg.Pool is one. */
export type Sql = Pick<pg.Pool, "query">;

// On globalThis, not in module scope: the app server's bundle and Next.js's bundles each have a copy
// of this module, and both must share one pool of each kind per process.
const shared = globalThis as unknown as { clinicConnectPool?: pg.Pool; clinicConnectSystemPool?: pg.Pool };

const logPoolError = (error: Error) => log.error("db: idle connection failed", { err: error });

/**
 * A person's statement runs on one core: no parallel workers (PostgreSQL's default gives a scan two
 * more), and no JIT compilation (which spends a core for hundreds of milliseconds to speed up scans
 * that the statement bound cuts short anyway). On a database with few cores, one person's two
 * searches would otherwise take every core, and another clinic's pages would wait behind them.
 */
const PEOPLE_SESSION = "-c max_parallel_workers_per_gather=0 -c jit=off";

function makePool(config: pg.PoolConfig, name: string): pg.Pool {
  const created = new pg.Pool({ connectionString: requireDatabaseUrl(), ...config });
  // With traces exported, each query of a traced request is a span (lib/tracing/tracer.ts).
  if (tracingOn()) created.on("connect", (client) => traceQueries(client, name));
  // An idle connection that breaks (the database restarting) is emitted here; unheard, it would
  // end the process. The pool replaces it on the next query.
  created.on("error", logPoolError);
  return created;
}

/** People's pool (DB_POOL_SIZE connections, each statement bounded by STATEMENT_TIMEOUT_MS), made on first use. */
export function pool(): pg.Pool {
  const { size, statementTimeoutMs } = getConfig().db;
  shared.clinicConnectPool ??= makePool(
    // Settings sent with the connection's startup message: no round trip of their own.
    { max: size, statement_timeout: statementTimeoutMs || undefined, options: PEOPLE_SESSION },
    "people",
  );
  return shared.clinicConnectPool;
}

/** Webhook ingest's and the job worker's pool (DB_SYSTEM_POOL_SIZE connections), made on first use. */
export function systemPool(): pg.Pool {
  shared.clinicConnectSystemPool ??= makePool(
    {
      max: getConfig().db.systemSize,
      statement_timeout: getConfig().db.systemStatementTimeoutMs,
      application_name: "clinic-connect-system",
    },
    "system",
  );
  return shared.clinicConnectSystemPool;
}
