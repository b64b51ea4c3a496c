// `npm run sandbox:reset`: the sandbox of `npm start` back to its seeded world (clinic keys not yet
// activated, nobody signed in). A running sandbox re-seeds itself and saves that; a stopped one's
// saved world is removed, so the next `npm start` seeds afresh. The app's database is not touched:
// its stored clinic key is then refused, and the admin home says to enter the key again.
import { existsSync, rmSync } from "node:fs";
import { parseConfig } from "@/lib/config";
import { sandboxStateFile } from "@/tooling/devstack/processes";

async function main(): Promise<void> {
  if (process.env.CLINIC_API_BASE_URL) {
    console.error(
      "CLINIC_API_BASE_URL is set: npm start uses that platform, not the sandbox, so there is nothing to reset.",
    );
    process.exit(1);
  }
  const { clinicApiBaseUrl } = parseConfig(process.env);
  const running = await fetch(`${clinicApiBaseUrl}/__sandbox/reset`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{}",
    signal: AbortSignal.timeout(5_000),
  }).catch(() => null);
  if (running?.ok) {
    console.log(`The running sandbox at ${clinicApiBaseUrl} is back to its seeded world.`);
    return;
  }
  const file = sandboxStateFile();
  if (existsSync(file)) rmSync(file);
  console.log(`Removed the sandbox's saved world (${file}): the next npm start seeds it afresh.`);
}

main().catch((error: unknown) => {
  console.error(`Could not reset the sandbox: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
