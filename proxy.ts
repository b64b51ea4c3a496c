// Sets the security headers (lib/security-headers) on every response at request time. They used to
// live in next.config.js, where Next.js fixes them at build time: an image built for one platform
// server would then frame only that server's origin wherever it ran. Proxy runs on Node.js in
// Next 16, so the configuration here is the running server's. Not an auth layer: pages check callers.
import { NextResponse } from "next/server";
import { getConfig } from "@/lib/config";
import { securityHeaders } from "@/lib/security-headers";

export function proxy(): NextResponse {
  const response = NextResponse.next();
  for (const { key, value } of securityHeaders(getConfig().clinicApiBaseUrl)) response.headers.set(key, value);
  return response;
}
