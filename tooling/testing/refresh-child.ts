// A second app process for the cross-process refresh test: run with
//   tsx --conditions=react-server tooling/testing/refresh-child.ts <connectionId> <count>
// and the parent's DATABASE_URL / CLINIC_API_BASE_URL / APP_ENCRYPTION_KEY in the environment.
// It says "ready", waits for "go" on stdin (so both processes race), then asks for a fresh token
// <count> times at once through the database lock and prints what it got as one JSON line.
import readline from "node:readline";
import { db } from "@/lib/db";
import { refreshTokenOnce } from "@/lib/auth/refresh";

async function main(): Promise<void> {
  const [connectionId, countText] = process.argv.slice(2);
  const count = Number(countText);
  const lines = readline.createInterface({ input: process.stdin });
  // Open the pool before the race so the child does not start late.
  await db.$queryRaw`SELECT 1`;
  process.stdout.write("ready\n");
  for await (const line of lines) if (line.trim() === "go") break;
  const results = await Promise.allSettled(Array.from({ length: count }, () => refreshTokenOnce(connectionId)));
  const tokens = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
  const errors = results.flatMap((r) => (r.status === "rejected" ? [String((r.reason as Error)?.name)] : []));
  process.stdout.write(`${JSON.stringify({ tokens: [...new Set(tokens)], errors })}\n`);
  lines.close();
  await db.$disconnect();
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).name}: ${(error as Error).message}\n`);
  process.exit(1);
});
