// "Build if needed": the Prisma client and the Next.js production build are made again only when
// their inputs changed since the last build, judged by a fingerprint of the source files' sizes and
// modification times (cheap, and enough for a local checkout).
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { repoPath } from "@/lib/devstack/processes";

const SOURCE_DIRS = ["app", "components", "lib", "public", "prisma"];
const SOURCE_FILES = ["next.config.js", "package-lock.json", "tsconfig.json", "postcss.config.mjs"];
const SKIP = new Set(["generated", "node_modules", "migrate"]);

export const PRISMA_ENV = { CHECKPOINT_DISABLE: "1", PRISMA_SCHEMA_ENGINE_BINARY: "/bin/true", PRISMA_HIDE_UPDATE_MESSAGE: "1" };

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

/** Where `next build` writes and `next start` reads (next.config.js reads the same variable). */
export const DIST_DIR = process.env.NEXT_DIST_DIR || ".next";
const BUILD_STAMP = repoPath(DIST_DIR, "clinic-connect-build.stamp");

export function buildIfNeeded(log: (line: string) => void): void {
  const fingerprint = sourceFingerprint();
  const built = fs.existsSync(repoPath(DIST_DIR, "BUILD_ID")) && fs.readFileSync(BUILD_STAMP, { encoding: "utf8", flag: "a+" }) === fingerprint;
  if (built) return;
  log("Building the app (first start or sources changed; this takes a minute or two)…");
  generatePrismaClient();
  execFileSync(process.execPath, [repoPath("node_modules/next/dist/bin/next"), "build"], {
    cwd: repoPath(),
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
    stdio: "inherit",
  });
  fs.writeFileSync(BUILD_STAMP, fingerprint);
}
