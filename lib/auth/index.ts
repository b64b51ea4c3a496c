// The auth layer's public surface for pages, actions, route handlers and jobs. Server-only.
export {
  requireUser,
  requireRole,
  requireSameClinic,
  getCurrentUser,
  type Caller,
  type CurrentUser,
} from "@/lib/auth/guards";
export { decideAccess, type AccessDecision } from "@/lib/auth/access";
export {
  clientForUser,
  clientForConnection,
  clientForClinic,
  connectionIdForUser,
  connectionIdForClinic,
  sessionGrantBodyFor,
} from "@/lib/auth/platform-client";
export { ReconnectRequiredError, reconnectPath, type ReconnectReason } from "@/lib/auth/errors";
export { assertAuthConfigured } from "@/lib/auth/startup";
export { APP_ROLES, rolesOf, roleOf, hasAnyRole, type AppRole } from "@/lib/people/roles";
export { listClinicConnections, connectionStatus, type ConnectionStatus } from "@/lib/auth/token-store";
export { revokeConnection, revokeOnSignOut } from "@/lib/auth/revoke";
export {
  setAdmin,
  setAdminBeforeSignIn,
  revokeClinicConnection,
  listClinicUsers,
  AdminActionError,
  type Actor,
} from "@/lib/auth/admin";
export { sealSecret, openSecret, openClinicKey, SECRET_PURPOSES } from "@/lib/auth/secrets";
export { getKeyring } from "@/lib/auth/encryption-key";
export { getAuthOptions } from "@/lib/auth/options";
