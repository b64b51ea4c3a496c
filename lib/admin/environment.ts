// The Environment tab and the webhook set-up facts: which platform server, which authorization
// mode, and whether each secret is configured. Secret values never leave this module; only
// "configured", "local default" or "missing".
import "server-only";
import { getConfig } from "@/lib/config";
import { LOCAL_DEFAULTS } from "@/lib/contract/local-defaults";
import { platformSettings } from "@/lib/clinic-api/settings";
import { WEBHOOK_PATH } from "@/lib/webhooks/handler";

export type SecretSetting = "configured" | "local_default" | "missing";

/** Which server, as the catalogs' `admin.environment.server` names it (`label`: the address or raw name). */
export interface ServerName {
  kind: "local" | "sandbox_us" | "sandbox_ca" | "production_us" | "production_ca" | "custom" | "localAt" | "other";
  label: string;
}

const KNOWN = ["local", "sandbox-us", "sandbox-ca", "production-us", "production-ca", "custom"];

/** An unlabelled server on this machine is a local sandbox (tests and `npm start` on other ports). */
function serverLabel(environment: string, baseUrl: string): ServerName {
  const host = new URL(baseUrl).hostname;
  const loopback = host === "localhost" || host === "[::1]" || host.startsWith("127.");
  if (environment === "custom" && loopback) return { kind: "localAt", label: baseUrl };
  if (!KNOWN.includes(environment)) return { kind: "other", label: environment };
  return { kind: environment.replace("-", "_") as ServerName["kind"], label: environment };
}

export interface EnvironmentView {
  server: ServerName;
  environment: string;
  baseUrl: string;
  authMode: "role" | "clinic";
  clientId: string;
  appUrl: string;
  webhookUrl: string;
  webhookSecret: SecretSetting;
  webhookSecretPrevious: boolean;
  webhookChallenge: SecretSetting;
  encryptionKey: SecretSetting;
}

const setting = (value: string | undefined, localDefault?: string): SecretSetting =>
  !value ? "missing" : value === localDefault ? "local_default" : "configured";

/** The platform server this app talks to, as people read it (the sign-in page and the Environment tab). */
export function platformServer(): ServerName {
  const settings = platformSettings();
  return serverLabel(settings.environment, settings.baseUrl);
}

export function environmentView(): EnvironmentView {
  const config = getConfig();
  const settings = platformSettings();
  return {
    server: platformServer(),
    environment: settings.environment,
    baseUrl: settings.baseUrl,
    authMode: settings.authMode,
    clientId: settings.clientId,
    appUrl: config.appUrl,
    webhookUrl: `${config.appUrl}${WEBHOOK_PATH}`,
    webhookSecret: setting(config.webhookSecret, LOCAL_DEFAULTS.webhookSecret),
    webhookSecretPrevious: Boolean(config.webhookSecretPrevious),
    webhookChallenge: setting(config.webhookChallenge, LOCAL_DEFAULTS.webhookChallenge),
    // Without APP_ENCRYPTION_KEY a local key is generated (lib/auth/encryption-key.ts); production refuses to start.
    encryptionKey: config.encryptionKey ? "configured" : "local_default",
  };
}
