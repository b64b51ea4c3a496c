// The session cookie next-auth sets (under its secure name on https), and the claims it carries:
// read before Next.js sees a request (whose person is asking) and after a session ended (why it
// ended), where next-auth itself answers only "no session".
import { decode, type JWT } from "next-auth/jwt";
import { getConfig } from "@/lib/config";

const SESSION_COOKIES = ["__Secure-next-auth.session-token", "next-auth.session-token"];

/** The session cookie's value among a request's cookies, if any. */
export function sessionCookieOf(cookie: (name: string) => string | undefined): string | undefined {
  return SESSION_COOKIES.map(cookie).find(Boolean);
}

/** The cookie's claims, or null when it does not decode (another secret, tampered, expired). */
export async function sessionClaims(token: string): Promise<JWT | null> {
  const secret = getConfig().nextAuthSecret ?? process.env.NEXTAUTH_SECRET;
  if (!secret) return null;
  return decode({ token, secret }).catch(() => null);
}
