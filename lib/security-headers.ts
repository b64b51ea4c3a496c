// Response headers for every page and route, in one place (applied by the root proxy.ts at request
// time, so the platform origin follows the running server's configuration rather than the build's).
// frame-src allows only the platform's origin (the embedded feature); frame-ancestors 'none' and
// X-Frame-Options keep other sites from framing the app.

export function contentSecurityPolicy(platformOrigin: string): string {
  return [
    "default-src 'self'",
    "script-src 'self' 'unsafe-inline'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "connect-src 'self'",
    `frame-src ${platformOrigin}`,
    "frame-ancestors 'none'",
    // Sign-in posts to the platform's authorize page.
    `form-action 'self' ${platformOrigin}`,
    "base-uri 'self'",
    "object-src 'none'",
  ].join("; ");
}

/** @param platformOrigin the origin of the platform's base URL (lib/config's clinicApiBaseUrl) */
export function securityHeaders(platformOrigin: string): Array<{ key: string; value: string }> {
  return [
    { key: "Content-Security-Policy", value: contentSecurityPolicy(new URL(platformOrigin).origin) },
    { key: "X-Frame-Options", value: "DENY" },
    { key: "X-Content-Type-Options", value: "nosniff" },
    { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  ];
}
