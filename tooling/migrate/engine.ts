// Loads Prisma's schema engine compiled to WebAssembly, the way Prisma's own CLI does for driver
// adapters: the `.wasm` that ships inside the installed `prisma` package (the exact engine build of
// our CLI version), bound through the wasm-bindgen glue of `@prisma/schema-engine-wasm` (the glue is
// generated, identical across the 7.10/8.1 builds, and its imports are checked against the module
// at instantiation: a mismatch fails loudly with a LinkError, never silently).
// Not for applying migrations: deploy has its own runner (see deploy.ts for why).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import * as glue from "@prisma/schema-engine-wasm/schema_engine_bg";
import type { SchemaEngine } from "@prisma/schema-engine-wasm";
import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";

export type { SchemaEngine } from "@prisma/schema-engine-wasm";

type PanicRegistry = { message: string; set_message(message: string): void };
declare global {
  // The glue reports Rust panics through this global (Prisma's CLI installs the same one).
  var PRISMA_WASM_PANIC_REGISTRY: PanicRegistry | undefined;
}

let loaded = false;

function wasmPath(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve("prisma/package.json")), "build", "schema_engine_bg.wasm");
}

function loadOnce(): void {
  if (loaded) return;
  globalThis.PRISMA_WASM_PANIC_REGISTRY ??= {
    message: "",
    set_message(message: string) {
      this.message = `RuntimeError: ${message}`;
    },
  };
  const compiled = new WebAssembly.Module(readFileSync(wasmPath()));
  const instance = new WebAssembly.Instance(compiled, {
    "./schema_engine_bg.js": glue as unknown as WebAssembly.ModuleImports,
  });
  glue.__wbg_set_wasm(instance.exports);
  (instance.exports.__wbindgen_start as () => void)();
  loaded = true;
}

export const noFilters = { externalTables: [], externalEnums: [] };

/**
 * Start an engine on a migration-aware adapter factory (see adapter.ts). `schema` is the Prisma
 * schema the engine keeps as its default datamodel.
 */
export async function startEngine(
  factory: SqlMigrationAwareDriverAdapterFactory,
  schema?: { path: string; content: string },
): Promise<SchemaEngine> {
  loadOnce();
  const bound = bindMigrationAwareSqlAdapterFactory(factory);
  const log = process.env.MIGRATE_DEBUG ? (line: string) => console.error(`[schema-engine] ${line}`) : () => {};
  try {
    return await glue.SchemaEngine.new(
      { datamodels: schema ? [[schema.path, schema.content]] : undefined },
      log,
      bound,
    );
  } catch (error) {
    throw engineError(error);
  }
}

/** Engine failures arrive as plain objects or errors; give callers one readable Error. */
export function engineError(error: unknown): Error {
  if (error instanceof Error) return error;
  if (typeof error === "object" && error !== null && "message" in error) {
    return new Error(String((error as { message: unknown }).message));
  }
  return new Error(String(error));
}
