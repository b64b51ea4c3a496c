// `npm run admin:grant -- --clinic <clinic id> --user <platform user id>`: makes someone who has
// signed in to the app an admin of their clinic. For a platform without the clinic's people lists
// (so the app cannot see who the Clinic admin is), or a clinic whose Clinic admin cannot sign in: the
// first admin then comes from whoever runs the app's server, never from the order of sign-ins. The
// grant is an override like an admin's promote, recorded in the clinic's audit trail.
// Reads DATABASE_URL; without it, the embedded database of `npm start` (.data/pglite) while
// `npm start` is not running. Exit codes: 0 granted, 1 no such user, 2 wrong usage or no database.
import { parseArgs } from "node:util";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { grantAdminAsOperator } from "@/lib/auth/admin";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "@/tooling/devstack/embedded-postgres";
import { repoPath } from "@/tooling/devstack/processes";

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { clinic: { type: "string" }, user: { type: "string" } } });
  if (!values.clinic || !values.user) {
    console.error("Usage: npm run admin:grant -- --clinic <clinic id> --user <platform user id>");
    return 2;
  }
  let embedded: EmbeddedPostgres | undefined;
  let url = process.env.DATABASE_URL;
  if (!url) {
    embedded = await startEmbeddedPostgres({ dataDir: repoPath(".data/pglite") });
    url = embedded.url;
  }
  const client = new PrismaClient({ adapter: new PrismaPg({ connectionString: url }) });
  try {
    const granted = await grantAdminAsOperator(client, values.clinic, values.user);
    if (!granted) {
      console.error(`Nobody with platform id ${values.user} has signed in to clinic ${values.clinic} yet.`);
      return 1;
    }
    console.log(`${granted.name ?? values.user} is now an admin of clinic ${values.clinic}.`);
    return 0;
  } finally {
    await client.$disconnect();
    await embedded?.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`admin:grant: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  },
);
