// Temporary, empty databases the engine replays the migration history into ("shadow databases"),
// made here rather than by the adapter (adapter-pg bug 3 would hand the engine the MAIN database).
// A fresh one for every replay: the wasm engine does not empty a shadow it is given, so a second
// replay into the same one fails on "already exists".
// With a PostgreSQL server: `prisma_migrate_shadow_<random>` databases on it, dropped after.
// Without one (e.g. `check` in CI with no DATABASE_URL): ONE in-memory PGlite served on a random
// loopback port (starting PGlite is the slow part), its `public` schema emptied for each new shadow.
// `close()` removes whatever is still there, even after a failure.
import { randomBytes } from "node:crypto";
import type pg from "pg";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { PGLITE_OPTIONS } from "@/tooling/devstack/pglite-options";
import type { Target } from "./target";
import { connectClient, quoteIdent, withDatabase } from "./target";

export type ShadowDatabase = { target: Target; drop(): Promise<void> };
export type ShadowDatabases = { open(): Promise<ShadowDatabase>; close(): Promise<void> };

type Maker = { make(): Promise<ShadowDatabase>; dispose(): Promise<void> };

export function shadowDatabases(server: Target | undefined): ShadowDatabases {
  const live = new Set<ShadowDatabase>();
  const maker = server ? serverShadows(server) : pgliteShadows();
  return {
    async open() {
      const shadow = await maker.make();
      const tracked: ShadowDatabase = {
        target: shadow.target,
        drop: async () => {
          if (live.delete(tracked)) await shadow.drop();
        },
      };
      live.add(tracked);
      return tracked;
    },
    async close() {
      for (const shadow of [...live]) await shadow.drop().catch(() => undefined);
      await maker.dispose();
    },
  };
}

function serverShadows(server: Target): Maker {
  let admin: Promise<pg.Client> | undefined;
  const drop = (client: pg.Client, name: string) =>
    // FORCE (PostgreSQL 13+) ends connections a failed engine call may have left open.
    client
      .query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`)
      .catch(() => client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)}`));
  return {
    async make() {
      const client = await (admin ??= connectClient({ ...server, schema: "public" }));
      const name = `prisma_migrate_shadow_${randomBytes(6).toString("hex")}`;
      try {
        await client.query(`CREATE DATABASE ${quoteIdent(name)}`);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(`Could not create a temporary shadow database (the role needs CREATEDB): ${reason}`);
      }
      const target = withDatabase(server, name);
      // The same schema name as the real database (`?schema=`), so both sides of a diff match.
      await connectClient(target).then((created) => created.end());
      return { target, drop: async () => void (await drop(client, name)) };
    },
    async dispose() {
      if (admin) await (await admin).end().catch(() => undefined);
    },
  };
}

function pgliteShadows(): Maker {
  let started: Promise<{ db: PGlite; server: PGLiteSocketServer; url: string }> | undefined;
  const start = async () => {
    const db = await PGlite.create(PGLITE_OPTIONS);
    const server = new PGLiteSocketServer({ db, host: "127.0.0.1", port: 0, maxConnections: 8 });
    await server.start();
    return { db, server, url: `postgresql://postgres@${server.getServerConn()}/postgres?sslmode=disable` };
  };
  return {
    async make() {
      const first = !started;
      const { db, url } = await (started ??= start());
      if (!first) await db.exec("DROP SCHEMA public CASCADE; CREATE SCHEMA public;");
      // One connection: every socket of pglite-socket shares PGlite's single session.
      return { target: { connectionString: url, schema: "public", maxConnections: 1 }, drop: async () => {} };
    },
    async dispose() {
      if (!started) return;
      const { db, server } = await started;
      await server.stop();
      await db.close();
    },
  };
}
