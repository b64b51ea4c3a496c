// Registered applications: redirect URI rules and client authentication (HTTP Basic or body).
import type { IncomingMessage } from "node:http";
import { OAuthError } from "../http/errors";
import type { SandboxState } from "../state/store";
import type { ApplicationRow } from "../state/types";

const LOOPBACK_CALLBACK = /^http:\/\/(localhost|127\.0\.0\.1):\d{1,5}\/api\/auth\/callback\/clinic$/;

/** The local app's callback on any loopback port, plus URIs registered through the control API. */
export function isRegisteredRedirectUri(app: ApplicationRow, uri: string): boolean {
  return LOOPBACK_CALLBACK.test(uri) || app.redirectUris.includes(uri);
}

/** Origins allowed to embed the feature for this application: those of its redirect URIs. */
export function isAllowedEmbedOrigin(app: ApplicationRow, origin: string): boolean {
  if (/^http:\/\/(localhost|127\.0\.0\.1)(:\d{1,5})?$/.test(origin)) return true;
  return app.redirectUris.some((u) => new URL(u).origin === origin);
}

function basicCredentials(req: IncomingMessage): { id: string; secret: string } | null {
  const m = /^Basic\s+(\S+)$/i.exec(req.headers.authorization ?? "");
  if (!m) return null;
  const decoded = Buffer.from(m[1], "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return null;
  return { id: decodeURIComponent(decoded.slice(0, colon)), secret: decodeURIComponent(decoded.slice(colon + 1)) };
}

/** Client id named by the request without checking the secret (rate limiting, stats). */
export function claimedClientId(req: IncomingMessage, body: Record<string, unknown>): string | null {
  const basic = basicCredentials(req);
  if (basic) return basic.id;
  return typeof body.client_id === "string" ? body.client_id : null;
}

export function authenticateClient(
  s: SandboxState,
  req: IncomingMessage,
  body: Record<string, unknown>,
): ApplicationRow {
  const basic = basicCredentials(req);
  const bodyId = typeof body.client_id === "string" ? body.client_id : undefined;
  const bodySecret = typeof body.client_secret === "string" ? body.client_secret : undefined;
  if (basic && bodyId && bodyId !== basic.id) {
    throw new OAuthError(400, "invalid_request", "client_id in the body differs from the HTTP Basic credentials.");
  }
  const id = basic?.id ?? bodyId;
  const secretValue = basic?.secret ?? bodySecret;
  // A request without client_id lacks a required parameter (spec 4.1) → invalid_request; one that
  // names a client but does not authenticate it → invalid_client (RFC 6749 5.2).
  if (!id) throw new OAuthError(400, "invalid_request", "client_id is required.");
  if (!secretValue)
    throw new OAuthError(401, "invalid_client", "Client authentication is required (client_secret).", {
      "WWW-Authenticate": 'Basic realm="clinic"',
    });
  const app = s.applications.get(id);
  if (!app || app.clientSecret !== secretValue) {
    throw new OAuthError(401, "invalid_client", "Unknown client or wrong client secret.", {
      "WWW-Authenticate": 'Basic realm="clinic"',
    });
  }
  return app;
}
