// The embedded PostgreSQL used when DATABASE_URL is unset: PGlite, kept in a data folder, served on
// a loopback port (tooling/devstack/pglite-wire-server) so the app reaches it through the same `pg` driver as a real
// server. Only one process may own a data folder, so a lock file guards it. Not for production.
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PGLITE_OPTIONS } from "@/tooling/devstack/pglite-options";
import { serveOverWire } from "@/tooling/devstack/pglite-wire-server";

export interface EmbeddedPostgres {
  url: string;
  port: number;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  /** Data folder; undefined keeps everything in memory (tests). */
  dataDir?: string;
  /** 0 picks a free port. */
  port?: number;
}

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions = {}): Promise<EmbeddedPostgres> {
  const releaseLock = options.dataDir ? lockDataDir(options.dataDir) : () => {};
  try {
    const pglite = await PGlite.create({ ...PGLITE_OPTIONS, dataDir: options.dataDir });
    const server = await serveOverWire(pglite, "127.0.0.1", options.port ?? 0).catch((error: NodeJS.ErrnoException) => {
      throw new Error(
        error.code === "EADDRINUSE"
          ? `The embedded database port ${options.port} is in use. Set EMBEDDED_DB_PORT to a free port, or DATABASE_URL to use your own PostgreSQL.`
          : `The embedded database could not start: ${error.message}`,
      );
    });
    const port = server.port;
    return {
      port,
      url: `postgresql://postgres:postgres@127.0.0.1:${port}/postgres?sslmode=disable`,
      async stop() {
        await server.close();
        await pglite.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

// Lock files this process holds. A lock naming this process's own PID that is not in here was left
// by an earlier process that had the same PID (a container restarted, say): stale, not ours.
const heldHere = new Set<string>();

/** Makes this process the one owner of dataDir (a `<dataDir>.lock` file with its PID) or refuses. */
function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockFile = path.resolve(path.dirname(dataDir), `${path.basename(dataDir)}.lock`);
  // Written whole beside it, then linked into place: link fails if the lock exists, so two
  // processes starting together cannot both win, and nobody ever reads a half-written PID.
  const draft = `${lockFile}.${process.pid}.${Date.now()}`;
  fs.writeFileSync(draft, String(process.pid));
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        fs.linkSync(draft, lockFile);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      }
      const holder = readLockHolder(lockFile);
      const held = holder === process.pid ? heldHere.has(lockFile) : holder !== undefined && isAlive(holder);
      if (held || attempt > 0) {
        throw new Error(
          `The embedded database in ${dataDir} is already in use by process ${holder ?? "(unknown)"} ` +
            `(lock file ${lockFile}). Stop that process (Ctrl-C in its terminal) or set DATABASE_URL to use your own PostgreSQL.`,
        );
      }
      fs.rmSync(lockFile, { force: true }); // stale: its owner is gone
    }
  } finally {
    fs.rmSync(draft, { force: true });
  }
  heldHere.add(lockFile);
  return () => {
    heldHere.delete(lockFile);
    if (readLockHolder(lockFile) === process.pid) fs.rmSync(lockFile, { force: true });
  };
}

function readLockHolder(lockFile: string): number | undefined {
  try {
    const pid = Number(fs.readFileSync(lockFile, "utf8").trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
