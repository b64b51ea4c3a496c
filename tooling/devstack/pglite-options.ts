// What every embedded PGlite of ours is created with: the extensions our migrations use (PGlite
// ships them, but loads one only when asked). The shadow database of the migration tool replays the
// same migrations, so it takes the same options.
import type { PGliteOptions } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

export const PGLITE_OPTIONS = { extensions: { pg_trgm } } satisfies PGliteOptions;
