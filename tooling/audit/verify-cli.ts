// `npm run audit:verify [-- --clinic <id>]`: checks every clinic's audit hash chain against itself
// and against its anchors (the heads the app writes down outside the chain every few minutes), and
// prints, per clinic, either "intact" with its newest anchor and entry, or the first broken link:
// a changed entry, a removed one, a rewritten chain or a cut tail. Exit codes: 0 intact, 1 a chain is broken, 2 wrong usage or no database.
// Reads DATABASE_URL; without it, the embedded database of `npm start` (.data/pglite) while
// `npm start` is not running (it owns that folder while it runs; use the address it printed).
import { parseArgs } from "node:util";
import pg from "pg";
import { describeReport, verifyAuditTrail } from "@/lib/audit/verify";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "@/tooling/devstack/embedded-postgres";
import { repoPath } from "@/tooling/devstack/processes";

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { clinic: { type: "string" } } });
  let embedded: EmbeddedPostgres | undefined;
  let url = process.env.DATABASE_URL;
  if (!url) {
    embedded = await startEmbeddedPostgres({ dataDir: repoPath(".data/pglite") });
    url = embedded.url;
  }
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const reports = await verifyAuditTrail(client, values.clinic);
    if (reports.length === 0) console.log("No audit entries yet.");
    for (const report of reports) console.log(describeReport(report));
    const broken = reports.filter((r) => !r.ok).length;
    console.log(broken === 0 ? "Audit trail intact." : `${broken} clinic(s) with a broken audit trail.`);
    return broken === 0 ? 0 : 1;
  } finally {
    await client.end();
    await embedded?.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`audit:verify: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  },
);
