"use server";
// The Accounts tab's actions, admins only, each within the caller's clinic (lib/auth/admin.ts and
// lib/admin/connections.ts re-check the target's clinic and refuse another clinic's alike).
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { defineAction } from "@/lib/actions/builder";
import { done, refused } from "@/lib/results/result";
import { forceRefresh, requestReconnect } from "@/lib/admin/connections";
import { auditAdminAction, auditEarlyGrant } from "@/lib/audit/admin-entry";
import {
  listClinicConnections,
  ReconnectRequiredError,
  revokeClinicConnection,
  setAdmin,
  setAdminBeforeSignIn,
} from "@/lib/auth";
import { SECTIONS } from "@/lib/auth/sections";
import { getConfig } from "@/lib/config";
import { clinicTimeZone } from "@/lib/admin/clinic-settings";
import { formatTime } from "@/lib/format/time";
import { callerLocale } from "@/lib/auth/language";
import { timeLocale } from "@/lib/i18n/locales";

const ADMIN = SECTIONS.admin.roles;
const ConnectionId = z.object({ connectionId: z.uuid("admin.actions.notAConnection") });
const Promotion = z.object({ userId: z.uuid("admin.actions.notAUser"), isAdmin: z.boolean() });
const PLATFORM_ID = z
  .string("admin.actions.notAPerson")
  .trim()
  .min(1, "admin.actions.notAPerson")
  .max(200, "admin.actions.notAPerson");
const EarlyGrant = z.object({ platformUserId: PLATFORM_ID, grant: z.boolean() });

const refreshView = () => revalidatePath("/admin", "layout");

export const revokeConnectionAction = defineAction(
  { name: "accounts.revoke-connection", roles: ADMIN, input: ConnectionId },
  async ({ actor, input }) => {
    const { revokedAtPlatform } = await revokeClinicConnection(actor, input.connectionId);
    await auditAdminAction(actor, "connection.revoked", input.connectionId, { revokedAtPlatform });
    refreshView();
    return done(revokedAtPlatform ? "admin.actions.revokedBoth" : "admin.actions.revokedHere");
  },
);

export const forceRefreshAction = defineAction(
  { name: "accounts.force-refresh", roles: ADMIN, input: ConnectionId },
  async ({ actor, input }) => {
    try {
      const { expiresAt } = await forceRefresh(actor, input.connectionId);
      await auditAdminAction(actor, "connection.refresh_forced", input.connectionId, { outcome: "refreshed" });
      const locale = timeLocale(await callerLocale());
      const timeZone = await clinicTimeZone(actor.clinicId);
      return done("admin.actions.refreshed", { until: formatTime(expiresAt, { timeZone, ...(locale && { locale }) }) });
    } catch (error) {
      if (!(error instanceof ReconnectRequiredError)) throw error;
      await auditAdminAction(actor, "connection.refresh_forced", input.connectionId, {
        outcome: "refused: now broken",
      });
      return refused("admin.actions.refreshRefused");
    } finally {
      refreshView();
    }
  },
);

export const requestReconnectAction = defineAction(
  { name: "accounts.request-reconnect", roles: ADMIN, input: ConnectionId },
  async ({ actor, input }) => {
    const { revokedAtPlatform } = await requestReconnect(actor, input.connectionId);
    await auditAdminAction(actor, "connection.reconnect_requested", input.connectionId, { revokedAtPlatform });
    refreshView();
    return done("admin.actions.reconnectRequested");
  },
);

export const setAdminAction = defineAction(
  { name: "accounts.set-admin", roles: ADMIN, input: Promotion },
  async ({ actor, input }) => {
    await setAdmin(actor, input.userId, input.isAdmin);
    await auditAdminAction(actor, input.isAdmin ? "admin.promoted" : "admin.demoted", input.userId);
    refreshView();
    if (input.isAdmin) return done("admin.actions.promoted");
    return done(input.userId === actor.userId ? "admin.actions.demotedSelf" : "admin.actions.demoted");
  },
);

/** Admin rights for someone who has not signed in yet: they apply at their first sign-in. */
export const setAdminBeforeSignInAction = defineAction(
  { name: "accounts.set-admin-before-sign-in", roles: ADMIN, input: EarlyGrant },
  async ({ actor, input }) => {
    const name = await setAdminBeforeSignIn(actor, input.platformUserId, input.grant);
    await auditEarlyGrant(actor, input.platformUserId, input.grant);
    refreshView();
    return done(input.grant ? "admin.actions.grantedAhead" : "admin.actions.grantWithdrawn", { name });
  },
);

const NO_CLINIC_TOKEN_IN_ROLE_MODE = "admin.actions.noClinicToken";

/**
 * Clinic-level mode: the clinic's token is replaced by signing in again as an admin. A sign-in only
 * replaces a clinic connection that is not working, so the current one is revoked first; the
 * browser then goes to the platform's sign-in.
 */
export const prepareClinicTokenReplacementAction = defineAction(
  { name: "accounts.prepare-clinic-token-replacement", roles: ADMIN },
  async ({ actor }) => {
    if (getConfig().authMode !== "clinic") return refused(NO_CLINIC_TOKEN_IN_ROLE_MODE);
    const current = (await listClinicConnections(actor.clinicId)).find((c) => c.clinicLevel && c.state !== "revoked");
    if (current) {
      const { revokedAtPlatform } = await revokeClinicConnection(actor, current.id);
      await auditAdminAction(actor, "connection.revoked", current.id, { revokedAtPlatform, clinicToken: true });
    }
    refreshView();
    return done(current ? "admin.actions.tokenRevokedSignIn" : "admin.actions.noTokenSignIn");
  },
);
