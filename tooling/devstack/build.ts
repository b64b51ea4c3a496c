// The app's production build: Next.js's, then the app server (lib/server/main.ts) bundled beside it.
// "Build if needed": the Prisma client and the build are made again only when their inputs changed
// since the last build, judged by a fingerprint of the source files' sizes and modification times
// (cheap, and enough for a local checkout).
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { buildSync } from "esbuild";
import { APP_SERVER_FILE, DIST_DIR, repoPath } from "@/tooling/devstack/processes";

const SOURCE_DIRS = ["app", "components", "lib", "messages", "public", "prisma"];
const SOURCE_FILES = ["next.config.js", "package-lock.json", "tsconfig.json", "postcss.config.mjs"];
const SKIP = new Set(["generated", "node_modules", "migrate"]);

export const PRISMA_ENV = {
  CHECKPOINT_DISABLE: "1",
  PRISMA_SCHEMA_ENGINE_BINARY: "/bin/true",
  PRISMA_HIDE_UPDATE_MESSAGE: "1",
};

export function generatePrismaClient(): void {
  execFileSync(process.execPath, [repoPath("node_modules/prisma/build/index.js"), "generate"], {
    cwd: repoPath(),
    env: { ...process.env, ...PRISMA_ENV },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

export function ensurePrismaClient(): void {
  if (!fs.existsSync(repoPath("lib/generated/prisma/client.ts"))) generatePrismaClient();
}

export function sourceFingerprint(): string {
  const hash = createHash("sha256");
  const visit = (file: string) => {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(file).sort()) if (!SKIP.has(entry)) visit(path.join(file, entry));
    } else if (!/\.test\.tsx?$/.test(file)) {
      hash.update(`${path.relative(repoPath(), file)}:${stat.size}:${stat.mtimeMs}\n`);
    }
  };
  for (const entry of [...SOURCE_DIRS, ...SOURCE_FILES]) visit(repoPath(entry));
  return hash.digest("hex");
}

const BUILD_STAMP = repoPath(DIST_DIR, "clinic-connect-build.stamp");

export function buildIfNeeded(log: (line: string) => void): void {
  const fingerprint = sourceFingerprint();
  const built =
    fs.existsSync(repoPath(DIST_DIR, "BUILD_ID")) &&
    fs.existsSync(repoPath(DIST_DIR, APP_SERVER_FILE)) &&
    fs.readFileSync(BUILD_STAMP, { encoding: "utf8", flag: "a+" }) === fingerprint;
  if (built) return;
  log("Building the app (first start or sources changed; this takes a minute or two)…");
  generatePrismaClient();
  buildApp();
  fs.writeFileSync(BUILD_STAMP, fingerprint);
}

/** `next build`, then the app server. */
export function buildApp(): void {
  execFileSync(process.execPath, [repoPath("node_modules/next/dist/bin/next"), "build"], {
    cwd: repoPath(),
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
    stdio: "inherit",
  });
  bundleAppServer();
}

/**
 * lib/server/main.ts and what it imports of ours as one plain ES module, <dist dir>/app-server.mjs,
 * so the server runs on bare Node: run through tsx's loader it would carry a loader thread of about
 * 80 MiB. Packages stay external (node_modules is there at run time), except `server-only`, whose
 * import in lib's modules would throw outside React Server Components: its empty twin is bundled.
 * `npm run dev` bundles the same server into a file of its own (DEV_APP_SERVER_FILE), so it never
 * replaces the one a build made and its release copies.
 */
export function bundleAppServer(outfile: string = APP_SERVER_FILE): void {
  buildSync({
    entryPoints: [repoPath("lib/server/main.ts")],
    outfile: repoPath(DIST_DIR, outfile),
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    alias: { "server-only": repoPath("node_modules/server-only/empty.js") },
    tsconfig: repoPath("tsconfig.json"),
    logLevel: "warning",
  });
}
