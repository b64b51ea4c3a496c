// The driver adapter the wasm schema engine talks through: @prisma/adapter-pg with its three
// migration-path bugs worked around (see README "adapter-pg bugs"):
// 1. executeScript splits on every `;` (inside comments, strings and $$ bodies too) and runs the
//    pieces one by one outside any transaction. Ours sends the script as ONE simple-protocol query,
//    which PostgreSQL runs as one implicit transaction: all of it or none of it.
// 2. It throws UnsupportedNativeDataType on the `"char"` type (OID 18) that pg_catalog uses
//    (relkind, contype…), which the engine reads to describe a schema: see char-columns.ts.
// 3. connectToShadowDb copies the main config and sets `database`, which pg ignores when a
//    connectionString is present: the "shadow" is the main database. Ours (engineAdapters) hands
//    out a fresh database that shadow.ts created, on a pool of its own, for every replay.
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import {
  DriverAdapterError,
  type SqlDriverAdapter,
  type Transaction,
  type SqlMigrationAwareDriverAdapterFactory,
} from "@prisma/driver-adapter-utils";
import { CharAsTextClient, restoreCharColumns } from "./char-columns";
import type { ShadowDatabases } from "./shadow";
import type { Target } from "./target";

/** Thrown instead of running a script on a read-only target; the engine reports it as a failure. */
export class ReadOnlyRefusal extends DriverAdapterError {
  static readonly MESSAGE = "cannot execute a script in a read-only transaction";

  /** PostgreSQL's own refusal (SQLSTATE 25006) and ours read the same. */
  static matches(error: unknown): boolean {
    return String((error as Error)?.message ?? error).includes("read-only transaction");
  }
  constructor() {
    const message = ReadOnlyRefusal.MESSAGE;
    super({
      kind: "postgres",
      code: "25006",
      severity: "ERROR",
      message,
      detail: undefined,
      column: undefined,
      hint: undefined,
    });
  }
}

function toAdapterError(error: unknown): DriverAdapterError {
  const e = error as pg.DatabaseError;
  return new DriverAdapterError({
    kind: "postgres",
    code: e.code ?? "N/A",
    severity: e.severity ?? "ERROR",
    message: e.message ?? String(error),
    detail: e.detail,
    column: e.column,
    hint: e.hint,
  });
}

/** Open one adapter connection on `target` whose executeScript runs the script whole (bug 1). */
export async function connectAdapter(target: Target, onDispose: () => Promise<void>): Promise<SqlDriverAdapter> {
  // Session settings go in the startup packet, so they hold before the engine's first query.
  // Read-only is for "look, don't touch" uses (data-loss evaluation): PostgreSQL itself refuses.
  const settings = [
    ...(target.schema !== "public" ? [`-c search_path=${target.schema}`] : []),
    ...(target.readOnly ? ["-c default_transaction_read_only=on"] : []),
  ];
  const pool = new pg.Pool({
    connectionString: target.connectionString,
    max: target.maxConnections,
    Client: CharAsTextClient,
    ...(settings.length ? { options: settings.join(" ") } : {}),
  });
  const inner = await new PrismaPg(pool, { schema: target.schema, disposeExternalPool: true }).connect();
  let disposed = false;
  const dispose = async () => {
    if (disposed) return;
    disposed = true;
    await inner.dispose().catch(() => undefined);
    await onDispose();
  };
  return {
    provider: inner.provider,
    adapterName: inner.adapterName,
    queryRaw: async (query) => restoreCharColumns(await inner.queryRaw(query)),
    executeRaw: (query) => inner.executeRaw(query),
    startTransaction: async (isolationLevel) => charSafeTransaction(await inner.startTransaction(isolationLevel)),
    getConnectionInfo: () => inner.getConnectionInfo?.() ?? { schemaName: target.schema, supportsRelationJoins: true },
    dispose,
    async executeScript(script: string) {
      if (target.readOnly) throw new ReadOnlyRefusal();
      try {
        await pool.query(script);
      } catch (error) {
        throw toAdapterError(error);
      }
    },
  };
}

function charSafeTransaction(tx: Transaction): Transaction {
  return {
    options: tx.options,
    provider: tx.provider,
    adapterName: tx.adapterName,
    queryRaw: async (query) => restoreCharColumns(await tx.queryRaw(query)),
    executeRaw: (query) => tx.executeRaw(query),
    commit: () => tx.commit(),
    rollback: () => tx.rollback(),
    createSavepoint: tx.createSavepoint && ((name) => tx.createSavepoint!(name)),
    rollbackToSavepoint: tx.rollbackToSavepoint && ((name) => tx.rollbackToSavepoint!(name)),
    releaseSavepoint: tx.releaseSavepoint && ((name) => tx.releaseSavepoint!(name)),
  };
}

export type EngineAdapters = {
  factory: SqlMigrationAwareDriverAdapterFactory;
  /** Dispose of every connection still open (the engine does not always dispose what it opened). */
  close(): Promise<void>;
};

/**
 * What the engine connects through: `main` (the database itself) and a fresh shadow database for
 * every replay of the history. Without `main`, the engine's main connection, which it insists on
 * opening at start and is then never asked anything, goes to a shadow of its own.
 */
export function engineAdapters(main: Target | undefined, shadows: ShadowDatabases): EngineAdapters {
  const open = new Set<SqlDriverAdapter>();
  const track = async (target: Target, drop: () => Promise<void>) => {
    const adapter: SqlDriverAdapter = await connectAdapter(target, async () => {
      open.delete(adapter);
      await drop();
    });
    open.add(adapter);
    return adapter;
  };
  const onShadow = async () => {
    const shadow = await shadows.open();
    return track(shadow.target, shadow.drop);
  };
  return {
    factory: {
      provider: "postgres",
      adapterName: "@prisma/adapter-pg",
      connect: () => (main ? track(main, async () => {}) : onShadow()),
      connectToShadowDb: onShadow,
    },
    async close() {
      for (const adapter of [...open]) await adapter.dispose();
    },
  };
}
