"use server";
// The Accounts tab's actions, admins only, each within the caller's clinic (lib/auth/admin.ts and
// lib/admin/connections.ts re-check the target's clinic and refuse another clinic's alike).
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { defineAction } from "@/lib/actions/builder";
import { done, refused } from "@/lib/actions/result";
import { forceRefresh, requestReconnect } from "@/lib/admin/connections";
import { auditAdminAction } from "@/lib/audit/admin-entry";
import { listClinicConnections, ReconnectRequiredError, revokeClinicConnection, setAdmin } from "@/lib/auth";
import { SECTIONS } from "@/lib/auth/sections";
import { getConfig } from "@/lib/config";
import { formatTime } from "@/lib/format/time";

const ADMIN = SECTIONS.admin.roles;
const ConnectionId = z.object({ connectionId: z.uuid("That is not a connection of this app.") });
const Promotion = z.object({ userId: z.uuid("That is not a user of this app."), isAdmin: z.boolean() });

const refreshView = () => revalidatePath("/admin", "layout");

export const revokeConnectionAction = defineAction(
  { name: "accounts.revoke-connection", roles: ADMIN, input: ConnectionId },
  async ({ actor, input }) => {
    const { revokedAtPlatform } = await revokeClinicConnection(actor, input.connectionId);
    await auditAdminAction(actor, "connection.revoked", input.connectionId, { revokedAtPlatform });
    refreshView();
    return done(
      revokedAtPlatform
        ? "Revoked here and at the platform. Its user has to sign in again to use the platform."
        : "Revoked here. The platform did not confirm (it may be unreachable or the tokens were already gone); nothing here will use them again.",
    );
  },
);

export const forceRefreshAction = defineAction(
  { name: "accounts.force-refresh", roles: ADMIN, input: ConnectionId },
  async ({ actor, input }) => {
    try {
      const { expiresAt } = await forceRefresh(actor, input.connectionId);
      await auditAdminAction(actor, "connection.refresh_forced", input.connectionId, { outcome: "refreshed" });
      return done(`Refreshed. The new token is valid until ${formatTime(expiresAt)}.`);
    } catch (error) {
      if (!(error instanceof ReconnectRequiredError)) throw error;
      await auditAdminAction(actor, "connection.refresh_forced", input.connectionId, {
        outcome: "refused: now broken",
      });
      return refused(
        "The platform refused the refresh token, so the connection is now broken. Ask its user to sign in again.",
      );
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
    return done("Done. The next time this user uses the platform through the app, they are asked to sign in again.");
  },
);

export const setAdminAction = defineAction(
  { name: "accounts.set-admin", roles: ADMIN, input: Promotion },
  async ({ actor, input }) => {
    await setAdmin(actor, input.userId, input.isAdmin);
    await auditAdminAction(actor, input.isAdmin ? "admin.promoted" : "admin.demoted", input.userId);
    refreshView();
    if (input.isAdmin) return done("Promoted: they can open the admin console from their next page.");
    return done(
      input.userId === actor.userId
        ? "You are no longer an admin."
        : "Demoted: they keep their platform role and lose the admin console.",
    );
  },
);

const NO_CLINIC_TOKEN_IN_ROLE_MODE =
  "This app uses role-based authorization: each user connects their own account when they sign in, so there is no clinic token to replace.";

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
    return done(
      current
        ? "The current clinic token is revoked. Sign in with the platform now to connect the new one."
        : "No clinic token is connected. Sign in with the platform now to connect one.",
    );
  },
);
