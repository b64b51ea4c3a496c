// The release: one folder holding everything a production server needs, made by `npm run build`
// after Next.js's build (tooling/devstack/build.ts). Copy it anywhere, install its production
// dependencies (`npm ci --omit=dev`), migrate, start. This is the folder a container image would copy.
//
//   release/
//     .next/               Next.js's build (without its build cache) and the app server, .next/app-server.mjs
//     migrate.mjs          the migration tool's deploy and status (tooling/migrate/release-cli.ts), on `pg` alone
//     prisma/migrations/   the migrations it applies, and the ones /api/health/ready expects applied
//     public/, messages/   static files; the catalogs next.config.js names
//     next.config.js       read by Next.js at start
//     package.json, package-lock.json   the same dependencies as the repo's, and scripts for a server
//
// Nothing in it runs TypeScript or needs a development dependency (tsx, prisma, esbuild): the release
// test (tooling/release/standalone.release.ts) installs it with --omit=dev and runs it.
import fs from "node:fs";
import path from "node:path";
import { buildSync } from "esbuild";
import { DEV_APP_SERVER_FILE, DIST_DIR, repoPath } from "@/tooling/devstack/processes";

/** release/ beside the default build; a build in NEXT_DIST_DIR gets its own (`<dist dir>-release`). */
export const RELEASE_DIR = DIST_DIR === ".next" ? "release" : `${DIST_DIR}-release`;

/** The scripts of the release's package.json: what a server runs, from the release folder. */
export const RELEASE_SCRIPTS = {
  start: "node .next/app-server.mjs",
  migrate: "node migrate.mjs deploy",
  "migrate:status": "node migrate.mjs status",
};

const COPIED = ["prisma/migrations", "public", "messages", "next.config.js", "package-lock.json"];
/**
 * Under the dist dir: Next.js's build cache (only a later build reads it), our build stamp, and what
 * `npm run dev` leaves there (Next.js's development output, which a build keeps, and its server bundle).
 */
const DIST_SKIPPED = new Set(["cache", "clinic-connect-build.stamp", "dev", DEV_APP_SERVER_FILE]);

export function assembleRelease(): string {
  const release = repoPath(RELEASE_DIR);
  fs.rmSync(release, { recursive: true, force: true });
  fs.mkdirSync(release, { recursive: true });

  const dist = repoPath(DIST_DIR);
  fs.cpSync(dist, path.join(release, ".next"), {
    recursive: true,
    filter: (source) => path.dirname(source) !== dist || !DIST_SKIPPED.has(path.basename(source)),
  });
  for (const entry of COPIED) fs.cpSync(repoPath(entry), path.join(release, entry), { recursive: true });

  // Same dependencies (npm ci checks them against the lockfile); scripts for running, not developing.
  const pkg = JSON.parse(fs.readFileSync(repoPath("package.json"), "utf8")) as Record<string, unknown>;
  fs.writeFileSync(
    path.join(release, "package.json"),
    `${JSON.stringify({ ...pkg, scripts: RELEASE_SCRIPTS }, null, 2)}\n`,
  );

  buildSync({
    entryPoints: [repoPath("tooling/migrate/release-cli.ts")],
    outfile: path.join(release, "migrate.mjs"),
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    tsconfig: repoPath("tsconfig.json"),
    logLevel: "warning",
  });
  return release;
}
