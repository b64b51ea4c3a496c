// Clinic-level authorization (spec 5.5) against the sandbox's legacy application and PostgreSQL:
// one clinic connection that the first user (the admin) connects; later users still sign in, act
// through it, and session grants carry their user_id and user_type. Also the admin actions, each
// refused across clinics.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_DEFAULTS } from "@/lib/contract";
import { db } from "@/lib/db";
import { say } from "@/lib/i18n/settle";
import { translatorFor } from "@/lib/i18n/translator";
import { AdminActionError, revokeClinicConnection, setAdmin } from "@/lib/auth/admin";
import { ReconnectRequiredError } from "@/lib/auth/errors";
import { clientForUser, sessionGrantBodyFor } from "@/lib/auth/platform-client";
import { exchangeAndStore } from "@/lib/auth/provider";
import { revokeOnSignOut } from "@/lib/auth/revoke";
import {
  authorizeAs,
  sandboxSeed,
  sandboxStats,
  startAuthTestbed,
  TEST_REDIRECT_URI,
  type AuthTestbed,
  type SandboxSeed,
} from "@/tooling/testing/auth-testbed";

let bed: AuthTestbed;
let seed: SandboxSeed;

beforeAll(async () => {
  bed = await startAuthTestbed("auth_clinic", {
    CLINIC_AUTH_MODE: "clinic",
    CLINIC_CLIENT_ID: LOCAL_DEFAULTS.clinicLevelClientId,
    CLINIC_CLIENT_SECRET: LOCAL_DEFAULTS.clinicLevelClientSecret,
  });
  seed = await sandboxSeed(bed.sandboxUrl);
});
afterAll(async () => {
  await db.$disconnect();
  await bed?.close();
});

async function signIn(platformUserId: string) {
  const { code } = await authorizeAs(bed.sandboxUrl, platformUserId, { clientId: LOCAL_DEFAULTS.clinicLevelClientId });
  return exchangeAndStore(code, TEST_REDIRECT_URI);
}

describe("clinic-level mode", () => {
  it("the first user connects the clinic and becomes admin", async () => {
    const admin = await signIn(seed.clinics[0].staff[0].id);
    expect(admin.role).toBe("Admin");
    const connections = await db.platformConnection.findMany({ where: { clinicId: seed.clinics[0].id } });
    expect(connections).toHaveLength(1);
    expect(connections[0]).toMatchObject({
      userId: null,
      clinicLevelFor: seed.clinics[0].id,
      connectedById: admin.userId,
      state: "connected",
    });
  });

  it("a later user signs in without a connection of their own; their token is revoked; they act through the clinic's", async () => {
    const revocations = (await sandboxStats(bed.sandboxUrl)).revocations;
    const practitionerId = seed.clinics[0].practitioners[0].id;
    const user = await signIn(practitionerId);
    expect(user.role).toBe("Practitioner");
    expect(await db.platformConnection.count({ where: { clinicId: seed.clinics[0].id } })).toBe(1);
    expect((await sandboxStats(bed.sandboxUrl)).revocations).toBe(revocations + 2);

    const client = await clientForUser(user.userId);
    expect((await client.getClinic()).id).toBe(seed.clinics[0].id);
    const body = await sessionGrantBodyFor(user.userId);
    expect(body).toEqual({ user_id: practitionerId, user_type: "Practitioner" });
    expect((await client.createSessionGrant(body)).user).toEqual({ id: practitionerId, type: "Practitioner" });
  });

  it("a user's sign-out leaves the clinic connection alone", async () => {
    const user = await db.user.findFirstOrThrow({ where: { platformUserId: seed.clinics[0].practitioners[0].id } });
    await revokeOnSignOut(user.id, "clinic");
    expect(
      await db.platformConnection.findUniqueOrThrow({ where: { clinicLevelFor: seed.clinics[0].id } }),
    ).toMatchObject({ state: "connected" });
  });

  it("an admin's disconnect revokes it for everyone, and the admin's next sign-in reconnects", async () => {
    const admin = await db.user.findFirstOrThrow({ where: { platformUserId: seed.clinics[0].staff[0].id } });
    const practitioner = await db.user.findFirstOrThrow({
      where: { platformUserId: seed.clinics[0].practitioners[0].id },
    });
    const connection = await db.platformConnection.findUniqueOrThrow({ where: { clinicLevelFor: seed.clinics[0].id } });
    expect(
      (await revokeClinicConnection({ userId: admin.id, clinicId: admin.clinicId }, connection.id)).revokedAtPlatform,
    ).toBe(true);

    const error = await (await clientForUser(practitioner.id)).getClinic().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ReconnectRequiredError);
    expect((error as ReconnectRequiredError).reason).toBe("revoked");

    // A non-admin signing in does not take over the clinic connection...
    await signIn(seed.clinics[0].practitioners[0].id);
    expect(
      await db.platformConnection.findUniqueOrThrow({ where: { clinicLevelFor: seed.clinics[0].id } }),
    ).toMatchObject({ state: "revoked" });
    // ...an admin does.
    await signIn(seed.clinics[0].staff[0].id);
    expect(
      await db.platformConnection.findUniqueOrThrow({ where: { clinicLevelFor: seed.clinics[0].id } }),
    ).toMatchObject({ state: "connected", connectedById: admin.id });
    expect((await (await clientForUser(practitioner.id)).getClinic()).id).toBe(seed.clinics[0].id);
  });
});

describe("admin actions across clinics", () => {
  it("each attempt on another clinic is refused, and the last admin cannot be demoted", async () => {
    const adminA = await db.user.findFirstOrThrow({ where: { platformUserId: seed.clinics[0].staff[0].id } });
    const practitionerA = await db.user.findFirstOrThrow({
      where: { platformUserId: seed.clinics[0].practitioners[0].id },
    });
    const adminB = await db.user.findUniqueOrThrow({
      where: { id: (await signIn(seed.clinics[1].practitioners[0].id)).userId },
    });
    const connectionA = await db.platformConnection.findUniqueOrThrow({
      where: { clinicLevelFor: seed.clinics[0].id },
    });
    const actorB = { userId: adminB.id, clinicId: adminB.clinicId };
    const actorA = { userId: adminA.id, clinicId: adminA.clinicId };

    const attempts: Array<[string, () => Promise<unknown>, RegExp]> = [
      ["B revokes A's clinic connection", () => revokeClinicConnection(actorB, connectionA.id), /No such connection/],
      ["B promotes a user of A", () => setAdmin(actorB, practitionerA.id, true), /No such user/],
      ["B demotes A's admin", () => setAdmin(actorB, adminA.id, false), /No such user/],
      ["A demotes the last admin of A", () => setAdmin(actorA, adminA.id, false), /at least one admin/],
    ];
    for (const [name, attempt, message] of attempts) {
      const error = await attempt().catch((e: unknown) => e);
      expect(error, name).toBeInstanceOf(AdminActionError);
      const { failure } = error as AdminActionError;
      expect(say(translatorFor("en"), failure.message, failure.values), name).toMatch(message);
    }
    expect(await db.platformConnection.findUniqueOrThrow({ where: { id: connectionA.id } })).toMatchObject({
      state: "connected",
    });
    expect(await db.user.findUniqueOrThrow({ where: { id: practitionerA.id } })).toMatchObject({ isAdmin: false });

    // Within the clinic: promote, then the first admin may step down.
    await setAdmin(actorA, practitionerA.id, true);
    await setAdmin(actorA, adminA.id, false);
    expect(await db.user.findUniqueOrThrow({ where: { id: adminA.id } })).toMatchObject({ isAdmin: false });
  });
});
