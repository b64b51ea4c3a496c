// The Accounts tab: every user of the clinic with their platform connection, and the clinic's own
// connection in clinic-level mode. What leaves here is shown to the admin: no token, ever.
import "server-only";
import { CLINIC_ADMIN_ROLE } from "@/lib/contract";
import { db } from "@/lib/db";
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

export interface AccountRow {
  userId: string;
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
  /** Why they are (or are not) an admin, in words. */
  /** Why they are (or are not) an admin: a phrase of the catalogs' `admin.accounts.basis`, and who decided. */
  adminBasis: { why: "promoted" | "demoted" | "platform" | "kept" | "none"; by?: string };
}

export interface Accounts {
  users: AccountRow[];
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

export async function listAccounts(actor: Actor): Promise<Accounts> {
  const [users, connections, people] = await Promise.all([
    listClinicUsers(actor),
    listClinicConnections(actor.clinicId),
    db.person.findMany({ where: { clinicId: actor.clinicId }, select: { platformUserId: true, role: true } }),
  ]);
  const roles = new Map(people.map((p) => [p.platformUserId, p.role]));
  const names = new Map(users.map((u) => [u.id, u.name ?? u.platformUserId]));
  const basis = (u: (typeof users)[number]): Accounts["users"][number]["adminBasis"] => {
    if (u.adminOverride !== null) {
      // `by` absent: an admin the app no longer knows; "" : the app's operator (admin:grant).
      const by = u.adminOverrideById ? names.get(u.adminOverrideById) : "";
      return { why: u.adminOverride ? "promoted" : "demoted", ...(by !== undefined && { by }) };
    }
    if (u.isAdmin && roles.get(u.platformUserId) === CLINIC_ADMIN_ROLE) return { why: "platform" };
    return { why: u.isAdmin ? "kept" : "none" };
  };
  const byUser = new Map(connections.filter((c) => c.userId).map((c) => [c.userId, c]));
  const clinic = connections.find((c) => c.clinicLevel);
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
