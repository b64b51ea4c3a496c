// Where a migration command connects: a PostgreSQL connection string split from Prisma's own
// `?schema=` parameter (pg does not know it; Prisma uses it as the search path), plus how many
// connections the server can take at once. PGlite behind pglite-socket is ONE session shared by
// every socket, so anything that opens transactions must stay on a single connection there.
import pg from "pg";

export type Target = {
  connectionString: string;
  schema: string;
  maxConnections: number;
  /** Sessions are READ ONLY and scripts are refused (for asking the engine questions safely). */
  readOnly?: boolean;
};

export function parseTarget(databaseUrl: string, maxConnections = 4): Target {
  const url = new URL(databaseUrl);
  if (url.protocol !== "postgresql:" && url.protocol !== "postgres:") {
    throw new Error(`DATABASE_URL must be a postgresql:// URL (got ${url.protocol})`);
  }
  const schema = url.searchParams.get("schema") ?? "public";
  url.searchParams.delete("schema");
  return { connectionString: url.toString(), schema, maxConnections };
}

/** The same server, credentials and schema name, another database (for shadow databases). */
export function withDatabase(target: Target, database: string): Target {
  const url = new URL(target.connectionString);
  url.pathname = `/${encodeURIComponent(database)}`;
  return { ...target, connectionString: url.toString(), readOnly: false };
}

export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** A single connection with the target's schema as search path (created if missing). */
export async function connectClient(target: Target): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: target.connectionString });
  await client.connect();
  if (target.schema !== "public") {
    try {
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(target.schema)}`);
      await client.query(`SET search_path TO ${quoteIdent(target.schema)}`);
    } catch (error) {
      await client.end();
      throw error;
    }
  }
  return client;
}
