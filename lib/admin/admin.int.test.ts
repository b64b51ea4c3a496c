// The admin console's actions against the sandbox and a real PostgreSQL: a forced refresh, a
// connection the platform revoked turning broken, a reconnect request, the clinic key tried then
// sealed with its state following the clinic_key events, and every action refused across clinics.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { LOCAL_DEFAULTS } from "@/lib/contract";
import { db } from "@/lib/db";
import { AdminActionError, revokeClinicConnection, setAdmin, type Actor } from "@/lib/auth/admin";
import { ReconnectRequiredError } from "@/lib/auth/errors";
import { clientForUser } from "@/lib/auth/platform-client";
import { platformOAuth } from "@/lib/auth/platform-oauth";
import { exchangeAndStore } from "@/lib/auth/provider";
import { openTokens } from "@/lib/auth/token-store";
import { ForbiddenError, UnauthorizedError } from "@/lib/clinic-api/errors";
import { createClinicClient } from "@/lib/clinic-api/client";
import { storeEvents } from "@/lib/events/store";
import {
  authorizeAs,
  sandboxControl,
  sandboxStats,
  startAuthTestbed,
  TEST_REDIRECT_URI,
  type AuthTestbed,
} from "@/tooling/testing/auth-testbed";
import { listAccounts } from "@/lib/admin/accounts";
import { clinicKeyView, removeClinicKey, saveClinicKey } from "@/lib/admin/clinic-key";
import { forceRefresh, requestReconnect, RECONNECT_REASON } from "@/lib/admin/connections";
import { loadWebhookHealth } from "@/lib/admin/webhooks";

const SeedSchema = z.object({
  clinics: z.array(
    z.object({
      id: z.string(),
      current_clinic_key: z.string(),
      practitioners: z.array(z.object({ id: z.string() })),
      staff: z.array(z.object({ id: z.string() })),
    }),
  ),
});

let bed: AuthTestbed;
let seed: z.infer<typeof SeedSchema>;
let admin: Actor;
let otherAdmin: Actor;

async function signIn(platformUserId: string): Promise<Actor> {
  const { code } = await authorizeAs(bed.sandboxUrl, platformUserId, { clientId: LOCAL_DEFAULTS.clientId });
  const { userId, clinicId } = await exchangeAndStore(code, TEST_REDIRECT_URI);
  return { userId, clinicId };
}
const connectionOf = (userId: string) => db.platformConnection.findUniqueOrThrow({ where: { userId } });

beforeAll(async () => {
  bed = await startAuthTestbed("admin_console", { CLINIC_AUTH_MODE: "role" });
  seed = SeedSchema.parse(await sandboxControl(bed.sandboxUrl, "seed"));
  admin = await signIn(seed.clinics[0].staff[0].id);
  otherAdmin = await signIn(seed.clinics[1].staff[0].id);
});
afterAll(async () => {
  await db.$disconnect();
  await bed?.close();
});

describe("accounts", () => {
  it("lists the clinic's users with their connection state, never a token", async () => {
    const member = await signIn(seed.clinics[0].practitioners[0].id);
    const accounts = await listAccounts(admin);
    expect(accounts.users.map((u) => u.userId).sort()).toEqual([admin.userId, member.userId].sort());
    expect(accounts.users.find((u) => u.userId === admin.userId)).toMatchObject({
      appRole: "Admin",
      isYou: true,
      connection: { status: "connected" },
    });
    expect(JSON.stringify(accounts)).not.toMatch(/accessToken|refreshToken|Enc/);
  });

  it("a forced refresh gets a new token from the platform even when the old one is still fresh", async () => {
    const member = await signIn(seed.clinics[0].practitioners[1].id);
    const before = await connectionOf(member.userId);
    const refreshes = (await sandboxStats(bed.sandboxUrl)).token_refreshes_succeeded;
    await forceRefresh(admin, before.id);
    const after = await connectionOf(member.userId);
    expect((await sandboxStats(bed.sandboxUrl)).token_refreshes_succeeded).toBe(refreshes + 1);
    expect(after.accessTokenEnc).not.toBe(before.accessTokenEnc);
    expect(after).toMatchObject({ state: "connected", refreshCount: 1 });
    expect(after.lastRefreshAt).not.toBeNull();
  });

  it("a connection the platform revoked turns broken on a forced refresh", async () => {
    const member = await signIn(seed.clinics[0].practitioners[2].id);
    const row = await connectionOf(member.userId);
    await platformOAuth().revoke(openTokens(row).refreshToken); // e.g. the user revoked the app at the platform
    await expect(forceRefresh(admin, row.id)).rejects.toBeInstanceOf(ReconnectRequiredError);
    expect(await connectionOf(member.userId)).toMatchObject({ state: "broken" });
    expect((await listAccounts(admin)).users.find((u) => u.userId === member.userId)?.connection?.status).toBe(
      "broken",
    );
    await expect(forceRefresh(admin, row.id)).rejects.toThrow("admin.actions.refreshCannotMend");
  });

  it("asking a user to reconnect marks the connection broken with the reason and ends its tokens at the platform", async () => {
    const member = await signIn(seed.clinics[0].practitioners[3].id);
    const row = await connectionOf(member.userId);
    const { accessToken } = openTokens(row);
    expect(await requestReconnect(admin, row.id)).toEqual({ revokedAtPlatform: true });
    expect(await connectionOf(member.userId)).toMatchObject({ state: "broken", stateReason: RECONNECT_REASON });
    await expect(clientForUser(member.userId).then((c) => c.getClinic())).rejects.toBeInstanceOf(
      ReconnectRequiredError,
    );
    const direct = createClinicClient({
      baseUrl: bed.sandboxUrl,
      credentials: {
        tokens: {
          getAccessToken: async () => accessToken,
          refreshAfterUnauthorized: async () => {
            throw new UnauthorizedError("refused");
          },
        },
      },
    });
    await expect(direct.getClinic()).rejects.toBeInstanceOf(UnauthorizedError);
  });

  it.each([
    ["force a refresh", (c: string) => forceRefresh(otherAdmin, c)],
    ["ask to reconnect", (c: string) => requestReconnect(otherAdmin, c)],
    ["revoke", (c: string) => revokeClinicConnection(otherAdmin, c)],
  ])("another clinic's admin may not %s", async (_name, act) => {
    const row = await connectionOf(admin.userId);
    await expect(act(row.id)).rejects.toBeInstanceOf(AdminActionError);
    expect((await connectionOf(admin.userId)).state).toBe("connected");
  });

  it("another clinic's admin may not promote or demote", async () => {
    await expect(setAdmin(otherAdmin, admin.userId, false)).rejects.toBeInstanceOf(AdminActionError);
    expect((await db.user.findUniqueOrThrow({ where: { id: admin.userId } })).isAdmin).toBe(true);
  });
});

describe("clinic key", () => {
  /** What the webhook would bring: the clinic's key events from the platform's list, stored. */
  async function receiveKeyEvents(actor: Actor) {
    const page = await (await clientForUser(actor.userId)).listEvents("clinic_keys", {}, { size: 100 });
    await storeEvents(
      db,
      page.items.flatMap((item) => item.event ?? []),
      "webhook",
    );
  }

  it("refuses another clinic's key and stores nothing", async () => {
    await expect(saveClinicKey(admin, seed.clinics[1].current_clinic_key)).rejects.toMatchObject({
      code: "clinic_key_invalid",
    });
    await expect(saveClinicKey(admin, seed.clinics[1].current_clinic_key)).rejects.toBeInstanceOf(ForbiddenError);
    expect((await clinicKeyView(admin.clinicId)).state).toBe("not_entered");
  });

  it("stores the key sealed, activates it, and follows clinic_key.activated then clinic_key.revoked", async () => {
    const key = seed.clinics[0].current_clinic_key;
    await receiveKeyEvents(admin); // the seeded history of earlier keys must not decide anything
    await saveClinicKey(admin, key);
    const stored = await db.clinic.findUniqueOrThrow({ where: { id: admin.clinicId } });
    expect(stored.clinicKeyEnc).not.toContain(key.slice(3));
    expect(stored.clinicKeySetAt).not.toBeNull();

    const entered = await clinicKeyView(admin.clinicId);
    expect(entered).toMatchObject({ entered: true, state: "waiting", masked: `••••••••${key.slice(-4)}` });
    expect(JSON.stringify(entered)).not.toContain(key);

    await receiveKeyEvents(admin);
    expect(await clinicKeyView(admin.clinicId)).toMatchObject({
      state: "activated",
      decidedBy: { type: "clinic_key.activated" },
    });

    // Entered again long after its activation, the same key is still activated: no second event comes.
    const longAgo = new Date(Date.now() - 60 * 60 * 1000);
    await db.event.updateMany({
      where: { clinicId: admin.clinicId, type: "clinic_key.activated" },
      data: { createdAt: longAgo },
    });
    await db.clinic.update({ where: { id: admin.clinicId }, data: { clinicKeySetAt: longAgo } });
    await saveClinicKey(admin, key);
    expect(await clinicKeyView(admin.clinicId)).toMatchObject({ state: "activated" });

    await sandboxControl(bed.sandboxUrl, "clinic-keys/revoke", { clinic_id: admin.clinicId });
    await expect(saveClinicKey(admin, key)).rejects.toMatchObject({ code: "clinic_key_revoked" });
    // A revoked key in the header makes every request fail: read the list without it, then put the
    // stored key back as it was.
    await removeClinicKey(admin);
    await receiveKeyEvents(admin);
    await db.clinic.update({
      where: { id: admin.clinicId },
      data: { clinicKeyEnc: stored.clinicKeyEnc, clinicKeySetAt: stored.clinicKeySetAt },
    });
    expect(await clinicKeyView(admin.clinicId)).toMatchObject({
      state: "revoked",
      decidedBy: { type: "clinic_key.revoked" },
    });
  });
});

describe("webhook health", () => {
  it("counts the events that came only by reconciliation, this week's apart, and lists the newest first", async () => {
    const now = new Date();
    const before = await loadWebhookHealth(admin.clinicId, now);
    const event = (id: string, clinicId: string, createdAt: string) => ({
      id,
      clinic_id: clinicId,
      integration_id: null,
      type: "patient.created",
      created_at: createdAt,
      data: { patient: { id: `pat_${id}` } },
    });
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
    await storeEvents(
      db,
      [event("gap_old", admin.clinicId, "2026-01-01T00:00:00.000Z")],
      "reconciliation",
      daysAgo(10),
    );
    await storeEvents(
      db,
      [
        event("gap_a", admin.clinicId, "2026-02-01T00:00:00.000Z"),
        event("gap_b", admin.clinicId, "2026-03-01T00:00:00.000Z"),
      ],
      "reconciliation",
      daysAgo(1),
    );
    await storeEvents(db, [event("gap_webhook", admin.clinicId, "2026-04-01T00:00:00.000Z")], "webhook", daysAgo(1));
    await storeEvents(db, [event("gap_other", otherAdmin.clinicId, "2026-05-01T00:00:00.000Z")], "reconciliation");

    const after = await loadWebhookHealth(admin.clinicId, now);
    expect(after.gapsTotal - before.gapsTotal).toBe(3);
    expect(after.gapsLast7Days - before.gapsLast7Days).toBe(2);
    const mine = after.recentGaps.filter((g) => g.id.startsWith("gap_"));
    expect(mine.map((g) => g.id)).toEqual(["gap_b", "gap_a", "gap_old"]);
    expect(mine[0]).toMatchObject({ createdAt: "2026-03-01T00:00:00.000Z", receivedAt: daysAgo(1).toISOString() });
  });
});
