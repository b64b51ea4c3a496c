// Which platform server the app talks to and as which application, from lib/config.ts. The server
// (local sandbox, sandbox US/CA, production US/CA) is chosen by CLINIC_API_BASE_URL; the
// environment label is for display only. No address is written into code paths.
import "server-only";
import { getConfig } from "@/lib/config";
import type { PlatformHeaderNames } from "@/lib/contract/header-names";

export type PlatformEnvironment = "local" | "sandbox-us" | "sandbox-ca" | "production-us" | "production-ca";

export interface PlatformSettings {
  baseUrl: string;
  environment: PlatformEnvironment | "custom";
  clientId: string;
  clientSecret: string;
  /** The OAuth callback of the app (next-auth's route for the `clinic` provider). */
  redirectUri: string;
  authMode: "role" | "clinic";
  /** The names the platform's servers give the clinic key and signature headers. */
  headerNames: PlatformHeaderNames;
}

export const OAUTH_CALLBACK_PATH = "/api/auth/callback/clinic";

export function platformSettings(): PlatformSettings {
  const config = getConfig();
  return {
    baseUrl: config.clinicApiBaseUrl,
    environment: config.clinicApiEnvironment ?? "custom",
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    redirectUri: `${config.appUrl}${OAUTH_CALLBACK_PATH}`,
    authMode: config.authMode,
    headerNames: config.headerNames,
  };
}
