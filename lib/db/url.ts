// Where the database is. `npm start` and the test runner always set DATABASE_URL for the processes
// they start (the embedded PGlite's address when the user set none), so a missing value here means
// the app was started some other way: say how to fix it rather than guess.
import { getConfig } from "@/lib/config";

export function requireDatabaseUrl(): string {
  const url = getConfig().databaseUrl;
  if (!url) {
    throw new Error(
      "DATABASE_URL is not set. Start the app with `npm start` (it runs an embedded PostgreSQL), " +
        "or set DATABASE_URL=postgresql://user@host:5432/dbname.",
    );
  }
  return url;
}
