// Response headers for every page and route, in one place (applied by the root proxy.ts at request
// time, so the platform origin follows the running server's configuration rather than the build's).
// frame-src allows only the platform's web origin (the embedded feature's page, CLINIC_WEB_URL, which
// on the real servers is not the API's host), and connect-src it too (its embed library's tokenize);
// frame-ancestors 'none' and X-Frame-Options keep other sites from framing the app. Scripts run only with the request's nonce
// (Next.js reads it from the request's policy and puts it on its own scripts; 'strict-dynamic' lets
// those load the chunks they need), never inline script of anyone else. HSTS when the app is https.

/** A fresh nonce for one response (128 random bits, base64). */
export function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}

/** The platform's two origins: its API's (sign-in's authorize page) and its web address's (the embed). */
export interface PlatformOrigins {
  api: string;
  web: string;
}

export function contentSecurityPolicy(platform: PlatformOrigins, nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    // The platform's embed library posts the patient's details to its web origin's tokenize endpoint.
    `connect-src 'self' ${platform.web}`,
    `frame-src ${platform.web}`,
    "frame-ancestors 'none'",
    // Sign-in posts to the platform's authorize page.
    `form-action 'self' ${platform.api}`,
    "base-uri 'self'",
    "object-src 'none'",
  ].join("; ");
}

/** Two years, subdomains included: the app's origin is https for good once it is. */
export const HSTS = "max-age=63072000; includeSubDomains";

/**
 * @param platform the platform's API base URL and web address (lib/config's clinicApiBaseUrl and clinicWebUrl)
 * @param appUrl the app's public URL (lib/config's appUrl): HSTS only when it is https
 */
export function securityHeaders(
  platform: { apiUrl: string; webUrl: string },
  nonce: string,
  appUrl = "",
): Array<{ key: string; value: string }> {
  const origins = { api: new URL(platform.apiUrl).origin, web: new URL(platform.webUrl).origin };
  return [
    { key: "Content-Security-Policy", value: contentSecurityPolicy(origins, nonce) },
    { key: "X-Frame-Options", value: "DENY" },
    { key: "X-Content-Type-Options", value: "nosniff" },
    { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
    ...(appUrl.startsWith("https://") ? [{ key: "Strict-Transport-Security", value: HSTS }] : []),
  ];
}

/** The headers for the running server's configuration (lib/config), with a fresh nonce. */
export function configuredSecurityHeaders(config: {
  clinicApiBaseUrl: string;
  clinicWebUrl: string;
  appUrl: string;
}): Array<{ key: string; value: string }> {
  return securityHeaders({ apiUrl: config.clinicApiBaseUrl, webUrl: config.clinicWebUrl }, newNonce(), config.appUrl);
}
