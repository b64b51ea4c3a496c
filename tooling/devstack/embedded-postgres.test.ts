// `npm start`'s database when DATABASE_URL is unset: PGlite in a data folder. Its data outlives a
// stop (and a killed owner), and the folder has one owner at a time, by a lock file with its PID.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { queryOnce as query } from "@/tooling/testing/database";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "@/tooling/devstack/embedded-postgres";
import { repoPath } from "@/tooling/devstack/processes";
import { deployMigrations } from "@/tooling/migrate";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "cc-embedded-pg-"));
const running: EmbeddedPostgres[] = [];
const children: ChildProcess[] = [];
let folders = 0;
const newDataDir = () => path.join(root, `data${++folders}`);
const lockOf = (dataDir: string) => `${dataDir}.lock`;

async function start(dataDir: string, port = 0): Promise<EmbeddedPostgres> {
  const db = await startEmbeddedPostgres({ dataDir, port });
  running.push(db);
  return db;
}

async function stop(db: EmbeddedPostgres): Promise<void> {
  running.splice(running.indexOf(db), 1);
  await db.stop();
}

/** Another process that starts the embedded database on dataDir, writes a row, and stays up. */
async function ownerProcess(dataDir: string): Promise<ChildProcess> {
  const script = `
    const { startEmbeddedPostgres } = await import("@/tooling/devstack/embedded-postgres");
    const pg = (await import("pg")).default;
    const db = await startEmbeddedPostgres({ dataDir: process.env.DATA_DIR });
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    await client.query("CREATE TABLE IF NOT EXISTS notes (body text); INSERT INTO notes VALUES ('written before the crash')");
    await client.end();
    console.log("ready");
    setInterval(() => {}, 60_000);`;
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    cwd: repoPath(),
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the owner process did not start within 45 s")), 45_000);
    readline
      .createInterface({ input: child.stdout! })
      .on("line", (line) => line === "ready" && (clearTimeout(timer), resolve()));
    child.once(
      "exit",
      (code) => (clearTimeout(timer), reject(new Error(`the owner process exited with ${code}: ${stderr}`))),
    );
  });
  return child;
}

async function killed(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGKILL");
  await exited;
}

/** The PID of a process that has exited: a lock naming it is stale. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  await new Promise((resolve) => child.once("exit", resolve));
  return child.pid!;
}

afterEach(async () => {
  await Promise.all(
    children
      .splice(0)
      .map((child) => (child.exitCode === null && child.signalCode === null ? killed(child) : undefined)),
  );
  await Promise.all(running.splice(0).map((db) => db.stop()));
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe("embedded PostgreSQL in a data folder", () => {
  it("keeps the migrated schema and the data across a stop and a start on the same folder", async () => {
    const dataDir = newDataDir();
    const first = await start(dataDir);
    expect((await deployMigrations(first.url)).applied.length).toBeGreaterThan(0);
    await query(first.url, "INSERT INTO clinics (id, name, updated_at) VALUES ($1, $2, now())", [
      "clinic_kept",
      "Kept Across Restarts",
    ]);
    await stop(first);
    expect(fs.existsSync(lockOf(dataDir))).toBe(false);

    const second = await start(dataDir);
    expect((await deployMigrations(second.url)).applied).toEqual([]);
    expect(await query(second.url, "SELECT name FROM clinics WHERE id = $1", ["clinic_kept"])).toEqual([
      { name: "Kept Across Restarts" },
    ]);
  }, 60_000);

  it("refuses a second start on the folder while the first runs, in the same process", async () => {
    const dataDir = newDataDir();
    const first = await start(dataDir);
    await expect(start(dataDir)).rejects.toThrow(
      new RegExp(`already in use by process ${process.pid}\\b.*DATABASE_URL`),
    );
    // The refusal left the owner's lock and database alone.
    expect(fs.readFileSync(lockOf(dataDir), "utf8")).toBe(String(process.pid));
    expect(await query(first.url, "SELECT 1 AS ok")).toEqual([{ ok: 1 }]);
  }, 60_000);

  it("refuses a start while another process owns the folder, and takes over once that owner is killed", async () => {
    const dataDir = newDataDir();
    const owner = await ownerProcess(dataDir);
    await expect(start(dataDir)).rejects.toThrow(`already in use by process ${owner.pid}`);
    expect(fs.readFileSync(lockOf(dataDir), "utf8")).toBe(String(owner.pid));

    await killed(owner); // no clean stop: its lock file stays behind, naming a dead process
    expect(fs.readFileSync(lockOf(dataDir), "utf8")).toBe(String(owner.pid));
    const next = await start(dataDir);
    expect(fs.readFileSync(lockOf(dataDir), "utf8")).toBe(String(process.pid));
    expect(await query(next.url, "SELECT body FROM notes")).toEqual([{ body: "written before the crash" }]);
  }, 90_000);

  it.each([
    ["a process that has exited", async () => String(await deadPid())],
    ["this process's PID, left by an earlier process that had it", async () => String(process.pid)],
    ["no PID at all", async () => "not a pid"],
  ])(
    "recovers a stale lock naming %s",
    async (_, content) => {
      const dataDir = newDataDir();
      fs.mkdirSync(dataDir, { recursive: true });
      fs.writeFileSync(lockOf(dataDir), await content());
      const db = await start(dataDir);
      expect(fs.readFileSync(lockOf(dataDir), "utf8")).toBe(String(process.pid));
      await stop(db);
      expect(fs.existsSync(lockOf(dataDir))).toBe(false);
    },
    60_000,
  );
});
