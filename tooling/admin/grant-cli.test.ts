// `npm run admin:grant` as an operator runs it: refuses someone who has not signed in, makes a user
// who has an admin (an override by nobody of the clinic), and records it in the clinic's audit trail.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type AppTestDatabase } from "@/tooling/testing/database";
import { runCli } from "@/tooling/testing/run-cli";

let t: AppTestDatabase;

function grant(...args: string[]) {
  return runCli("tooling/admin/grant-cli.ts", args, {
    nodeArgs: ["--conditions=react-server"],
    env: { DATABASE_URL: t.url },
  });
}

beforeAll(async () => {
  t = await createTestDatabase("admin_grant_cli", { app: true });
  await t.db.clinic.create({ data: { id: "clinic_cli", name: "CLI clinic" } });
  await t.db.user.create({
    data: { clinicId: "clinic_cli", platformUserId: "staff_cli", platformUserType: "Staff", name: "Ada Park" },
  });
});
afterAll(async () => {
  await t?.drop();
});

describe("npm run admin:grant", () => {
  it("says how to use it, refuses an unknown person, and grants a known one with an audit entry", async () => {
    expect((await grant()).code).toBe(2);
    const unknown = await grant("--clinic", "clinic_cli", "--user", "staff_nobody");
    expect(unknown).toMatchObject({ code: 1, out: expect.stringContaining("has signed in") });
    expect(await t.db.user.count({ where: { isAdmin: true } })).toBe(0);

    const granted = await grant("--clinic", "clinic_cli", "--user", "staff_cli");
    expect(granted).toMatchObject({ code: 0, out: expect.stringContaining("Ada Park is now an admin") });
    expect(await t.db.user.findFirstOrThrow({ where: { platformUserId: "staff_cli" } })).toMatchObject({
      isAdmin: true,
      adminOverride: true,
      adminOverrideById: null,
    });
    const entries = await t.db.auditEntry.findMany({ where: { clinicId: "clinic_cli" } });
    expect(entries.map((e) => [e.action, e.actorUserId])).toEqual([["admin.promoted", null]]);
    // Four processes started one after the other, each loading TypeScript: on a busy machine beside
    // the rest of the suite that can take longer than the default 30 s.
  }, 90_000);
});
