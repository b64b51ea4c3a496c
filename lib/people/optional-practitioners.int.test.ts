// The practitioners list is a sandbox extension the platform's documentation does not show: against
// a platform without it (the sandbox's people lists off), the first 404 turns it off for the process,
// so later sign-ins and refreshes do not ask again, and the documented staff list is still read each
// time. Practitioners the list named before stay listed: a list the platform lacks says nobody left.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { clientForClinic } from "@/lib/auth/platform-client";
import { forgetOffPaths, optionalPathIsOff } from "@/lib/clinic-api/optional-paths";
import { CLINIC_PATHS } from "@/lib/contract";
import { refreshClinicPeople } from "@/lib/auth/people-refresh";
import {
  closeAppConnections,
  sandboxControl,
  signInFirstStaff,
  startAuthTestbed,
  type AuthTestbed,
} from "@/tooling/testing/auth-testbed";

let bed: AuthTestbed;
let clinicId: string;

/** The paths the sandbox served while `run` ran. */
async function served(run: () => Promise<unknown>): Promise<string[]> {
  await sandboxControl(bed.sandboxUrl, "trace", { record: true });
  await run();
  const { requests } = (await sandboxControl(bed.sandboxUrl, "trace")) as { requests: Array<{ target: string }> };
  await sandboxControl(bed.sandboxUrl, "trace", { record: false });
  return requests.map((r) => r.target.split("?")[0]!);
}

beforeAll(async () => {
  bed = await startAuthTestbed("optional_practitioners", { CLINIC_AUTH_MODE: "role" });
  clinicId = await signInFirstStaff(bed.sandboxUrl);
}, 60_000);

afterAll(async () => {
  forgetOffPaths();
  await closeAppConnections();
  await bed?.close();
});

describe("the practitioners list, where the platform lacks it", () => {
  it("is asked once after its first 404, while the staff list is read every time, and nobody is unlisted", async () => {
    const listedBefore = await db.person.count({ where: { clinicId, type: "Practitioner", listed: true } });
    expect(listedBefore).toBeGreaterThan(0);
    // As documented: the practitioners list answers 404, the documented staff list answers.
    await sandboxControl(bed.sandboxUrl, "account", { documented_records: true });
    try {
      const client = await clientForClinic(clinicId);
      const first = await served(() => refreshClinicPeople(db, client, clinicId));
      expect(first).toContain(CLINIC_PATHS.practitioners);
      expect(optionalPathIsOff(CLINIC_PATHS.practitioners)).toBe(true);
      const second = await served(() => refreshClinicPeople(db, client, clinicId));
      expect(second).not.toContain(CLINIC_PATHS.practitioners);
      expect(second).toContain(CLINIC_PATHS.staff);
      expect(await db.person.count({ where: { clinicId, type: "Practitioner", listed: true } })).toBe(listedBefore);
    } finally {
      await sandboxControl(bed.sandboxUrl, "account", { documented_records: false });
    }
  });
});
