// The new-migration prefix keeps folder order equal to creation order, whatever the clock says.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { nextMigrationPrefix, writeMigration } from "./files";

const dirs: string[] = [];
function migrationsDir(...names: string[]): string {
  const dir = mkdtempSync(path.join(tmpdir(), "mig-files-"));
  dirs.push(dir);
  for (const name of names) writeMigration(dir, name, "SELECT 1;\n");
  return dir;
}
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe("nextMigrationPrefix", () => {
  const now = new Date("2026-11-22T14:44:09.500Z");
  it.each([
    ["an empty folder", [], "20261122144409"],
    ["an older newest migration", ["20261122144408_init"], "20261122144409"],
    ["a newest migration made in the same second", ["20261122144409_init"], "20261122144410"],
    ["a newest migration from the future (clock stepped back)", ["20261231235959_init"], "20270101000000"],
    ["folders that are not migrations", ["20261122144409_init", "zz_notes"], "20261122144410"],
  ])("%s", (_name, names, expected) => {
    expect(nextMigrationPrefix(migrationsDir(...names), now)).toBe(expected);
  });

  it("ignores a folder without migration.sql", () => {
    const dir = migrationsDir("20261122144400_init");
    mkdirSync(path.join(dir, "20261122150000_empty"));
    expect(nextMigrationPrefix(dir, now)).toBe("20261122144409");
  });
});
