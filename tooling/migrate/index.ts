// Offline migrations for Prisma 7 (see README.md beside this file): Prisma's own migration format
// and bookkeeping, with no native schema engine. Import from here; cli.ts is the command line.
export { deployMigrations, MigrationFailedError, type DeployOptions, type DeployResult } from "./deploy";
export { migrationStatus, formatStatus, resolveRolledBack, type StatusReport } from "./status";
export { createMigration, type CreateOptions, type CreateResult } from "./create";
export { checkMigrations, type CheckOptions, type CheckResult } from "./check";
export { DEFAULT_MIGRATIONS_DIR, DEFAULT_SCHEMA_PATH } from "./files";
