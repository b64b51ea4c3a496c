// One engine for one command: temporary shadow databases, the wasm engine on top of them, and
// everything torn down afterwards. The engine's "main" connection is always READ ONLY: create and
// check only ever ask questions of the real database (deploy writes through its own runner).
import { readFileSync } from "node:fs";
import path from "node:path";
import type { SchemaContainer } from "@prisma/schema-engine-wasm";
import { engineAdapters } from "./adapter";
import { startEngine, type SchemaEngine } from "./engine";
import { shadowDatabases } from "./shadow";
import { connectClient, type Target } from "./target";

export type EngineSession = { engine: SchemaEngine; schema: SchemaContainer; configDir: string };

export function readSchema(schemaPath: string): SchemaContainer {
  return { path: path.resolve(schemaPath), content: readFileSync(schemaPath, "utf8") };
}

/**
 * Run `work` with an engine. With `main` (a real server) shadow databases are created on that
 * server; without it, they are in-memory PGlite instances.
 */
export async function withEngine<T>(
  main: Target | undefined,
  schemaPath: string,
  work: (session: EngineSession) => Promise<T>,
): Promise<T> {
  const schema = readSchema(schemaPath);
  // The engine creates a `?schema=` schema when it connects, which a read-only session cannot:
  // create it first (the one write create/check may make, and the same one Prisma makes).
  if (main && main.schema !== "public") await connectClient(main).then((client) => client.end());
  const shadows = shadowDatabases(main);
  const adapters = engineAdapters(main && { ...main, readOnly: true }, shadows);
  let engine: SchemaEngine | undefined;
  try {
    engine = await startEngine(adapters.factory, schema);
    return await work({ engine, schema, configDir: path.dirname(schema.path) });
  } finally {
    engine?.free();
    await adapters.close();
    await shadows.close();
  }
}
