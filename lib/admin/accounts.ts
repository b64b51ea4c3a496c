// The Accounts tab: every person of the clinic, those who have signed in with their platform
// connection and those the platform's people lists name who have not signed in yet, and the clinic's
// own connection in clinic-level mode. What leaves here is shown to the admin: no token, ever.
import "server-only";
import { CLINIC_ADMIN_ROLE } from "@/lib/contract";
import { db } from "@/lib/db";
import { isPlatformAdmin } from "@/lib/people/directory";
import {
  listClinicConnections,
  listClinicUsers,
  roleOf,
  type Actor,
  type AppRole,
  type ConnectionStatus,
} from "@/lib/auth";

export interface AccountConnection {
  id: string;
  status: ConnectionStatus;
  stateReason: string | null;
  platformUserId: string;
  platformUserType: "Practitioner" | "Staff";
  connectedAt: string;
  expiresAt: string;
  lastRefreshAt: string | null;
  refreshCount: number;
}

/**
 * Where a person stands, in words the page says: not signed in yet; signed out (their own doing);
 * their access revoked by an admin (named when the audit trail records who); else signed in.
 */
export type Presence =
  { kind: "not-signed-in" } | { kind: "signed-out" } | { kind: "revoked"; by: string | null } | { kind: "signed-in" };

export interface AccountRow {
  /** Null for someone who has not signed in yet (the platform's lists name them). */
  userId: string | null;
  name: string | null;
  platformUserId: string;
  platformUserType: "Practitioner" | "Staff";
  appRole: AppRole;
  isAdmin: boolean;
  isYou: boolean;
  lastSignInAt: string | null;
  connection: AccountConnection | null;
  /** The staff role the platform lists ("Clinic admin", "Front desk"…). */
  staffRole: string | null;
  /** Why they are (or are not) an admin: a phrase of the catalogs' `admin.accounts.basis`, and who decided. */
  adminBasis: { why: "promoted" | "demoted" | "platform" | "kept" | "granted" | "none"; by?: string };
  presence: Presence;
}

export interface Accounts {
  users: AccountRow[];
  /** People the platform's lists name in the clinic who have not signed in yet. */
  notSignedIn: AccountRow[];
  /** Clinic-level mode: the one connection the whole clinic acts through (null when none yet). */
  clinicConnection: AccountConnection | null;
}

type ConnectionRow = Awaited<ReturnType<typeof listClinicConnections>>[number];

function viewOf(c: ConnectionRow): AccountConnection {
  return {
    id: c.id,
    status: c.status,
    stateReason: c.stateReason,
    platformUserId: c.platformUserId,
    platformUserType: c.platformUserType,
    connectedAt: c.connectedAt.toISOString(),
    expiresAt: c.expiresAt.toISOString(),
    lastRefreshAt: c.lastRefreshAt?.toISOString() ?? null,
    refreshCount: c.refreshCount,
  };
}

const SIGNED_OUT = "admin.connectionReasons.signedOut";
const REVOKED_BY_ADMIN = "admin.connectionReasons.revokedByAdmin";

/** Who revoked each of these connections, as the audit trail names them (the latest revoke of each). */
async function revokedBy(clinicId: string, connectionIds: string[]): Promise<Map<string, string>> {
  if (connectionIds.length === 0) return new Map();
  const entries = await db.auditEntry.findMany({
    where: { clinicId, action: "connection.revoked", targetType: "connection", targetId: { in: connectionIds } },
    orderBy: { seq: "asc" },
    select: { targetId: true, actorLabel: true },
  });
  return new Map(entries.map((e) => [e.targetId ?? "", e.actorLabel]));
}

function presenceOf(c: ConnectionRow | undefined, by: Map<string, string>): Presence {
  if (c?.state !== "revoked") return { kind: "signed-in" };
  if (c.stateReason === SIGNED_OUT) return { kind: "signed-out" };
  return { kind: "revoked", by: c.stateReason === REVOKED_BY_ADMIN ? (by.get(c.id) ?? null) : null };
}

export async function listAccounts(actor: Actor): Promise<Accounts> {
  const [users, connections, people] = await Promise.all([
    listClinicUsers(actor),
    listClinicConnections(actor.clinicId),
    db.person.findMany({
      where: { clinicId: actor.clinicId },
      orderBy: { displayName: "asc" },
      select: {
        platformUserId: true,
        type: true,
        displayName: true,
        role: true,
        listed: true,
        adminGrantById: true,
        adminGrantAt: true,
      },
    }),
  ]);
  const roles = new Map(people.map((p) => [p.platformUserId, p.role]));
  const names = new Map(users.map((u) => [u.id, u.name ?? u.platformUserId]));
  // `by` absent: an admin the app no longer knows; "" : the app's operator (admin:grant).
  const byName = (id: string | null) => (id ? names.get(id) : "");
  const basis = (u: (typeof users)[number]): AccountRow["adminBasis"] => {
    if (u.adminOverride !== null) {
      const by = byName(u.adminOverrideById);
      return { why: u.adminOverride ? "promoted" : "demoted", ...(by !== undefined && { by }) };
    }
    if (u.isAdmin && roles.get(u.platformUserId) === CLINIC_ADMIN_ROLE) return { why: "platform" };
    return { why: u.isAdmin ? "kept" : "none" };
  };
  const byUser = new Map(connections.filter((c) => c.userId).map((c) => [c.userId, c]));
  const revokers = await revokedBy(
    actor.clinicId,
    connections.filter((c) => c.stateReason === REVOKED_BY_ADMIN).map((c) => c.id),
  );
  const clinic = connections.find((c) => c.clinicLevel);
  const signedIn = new Set(users.map((u) => u.platformUserId));
  return {
    users: users.map((u) => {
      const c = byUser.get(u.id);
      return {
        userId: u.id,
        name: u.name,
        platformUserId: u.platformUserId,
        platformUserType: u.platformUserType,
        appRole: roleOf(u),
        isAdmin: u.isAdmin,
        isYou: u.id === actor.userId,
        lastSignInAt: u.lastSignInAt?.toISOString() ?? null,
        connection: c ? viewOf(c) : null,
        staffRole: roles.get(u.platformUserId) ?? null,
        adminBasis: basis(u),
        presence: presenceOf(c, revokers),
      };
    }),
    notSignedIn: people
      .filter((p) => p.listed && !signedIn.has(p.platformUserId))
      .map((p) => {
        const platformAdmin = isPlatformAdmin(p);
        const by = byName(p.adminGrantById);
        return {
          userId: null,
          name: p.displayName,
          platformUserId: p.platformUserId,
          platformUserType: p.type,
          appRole: p.type,
          isAdmin: false,
          isYou: false,
          lastSignInAt: null,
          connection: null,
          staffRole: p.role,
          adminBasis: platformAdmin
            ? { why: "platform" }
            : p.adminGrantAt
              ? { why: "granted", ...(by !== undefined && { by }) }
              : { why: "none" },
          presence: { kind: "not-signed-in" },
        };
      }),
    clinicConnection: clinic ? viewOf(clinic) : null,
  };
}

/** Counts per state, for the overview. */
export function statusCounts(accounts: Accounts): Record<ConnectionStatus | "none", number> {
  const counts = { connected: 0, expiring: 0, broken: 0, revoked: 0, none: 0 };
  for (const u of accounts.users) counts[u.connection?.status ?? "none"] += 1;
  return counts;
}
