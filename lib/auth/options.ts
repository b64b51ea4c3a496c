// next-auth configuration: the platform as the only provider, a JWT session that carries only the
// app user's id, role, clinic and the id of its session row (lib/auth/sessions.ts: the guards admit
// the cookie only while that row lives), sign-out that ends the row and revokes at the platform, and a logger that prints
// event codes but never metadata (next-auth's debug output would include token responses).
import "server-only";
import type { NextAuthOptions } from "next-auth";
import { db } from "@/lib/db";
import { getConfig } from "@/lib/config";
import { clinicProvider } from "@/lib/auth/provider";
import { revokeOnSignOut } from "@/lib/auth/revoke";
import { roleOf } from "@/lib/people/roles";
import { auditSession } from "@/lib/audit/sessions";
import { endSession, isSessionLive, SESSION_ENDED, startSession } from "@/lib/auth/sessions";
import { log } from "@/lib/log/logger";

export const SESSION_MAX_AGE_SECONDS = 12 * 60 * 60;

let cached: NextAuthOptions | undefined;

export function getAuthOptions(): NextAuthOptions {
  cached ??= buildAuthOptions();
  return cached;
}

function buildAuthOptions(): NextAuthOptions {
  const config = getConfig();
  return {
    providers: [clinicProvider()],
    secret: config.nextAuthSecret,
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: "/signin", error: "/signin" },
    debug: false,
    logger: {
      error: (code, metadata) => log.error(oneLine(`auth: ${code}: ${describe(metadata)}`)),
      warn: (code) => log.warn(oneLine(`auth: ${code}`)),
      debug: () => {},
    },
    callbacks: {
      async jwt({ token, user }) {
        if (user) {
          // First call after sign-in: `user` is what the provider's profile() returned (the app user id).
          const row = await db.user.findUniqueOrThrow({ where: { id: user.id } });
          const sid = await startSession(row.id, SESSION_MAX_AGE_SECONDS);
          return { sub: row.id, uid: row.id, role: roleOf(row), clinicId: row.clinicId, sid };
        }
        // A cookie whose session row ended is refused here, before next-auth would renew it: it
        // answers no session and clears the cookie (next-auth's JWT_SESSION_ERROR path).
        if (!token.sid || !(await isSessionLive(token.sid))) throw new SessionEndedError();
        // Keep only our claims (next-auth adds iat/exp/jti when it encodes).
        return { sub: token.sub, uid: token.uid, role: token.role, clinicId: token.clinicId, sid: token.sid };
      },
      async session({ session, token }) {
        if (!token.uid || !token.role || !token.clinicId || !token.sid) return { expires: session.expires };
        return {
          expires: session.expires,
          user: { id: token.uid, role: token.role, clinicId: token.clinicId, sid: token.sid },
        };
      },
    },
    events: {
      async signIn({ user }) {
        await auditSession(user.id, "auth.signed_in");
      },
      async signOut({ token }) {
        if (!token?.uid) return;
        await auditSession(token.uid, "auth.signed_out");
        // Every copy of this cookie is refused from now on; in role-based mode revoking the user's
        // connection below ends their other sessions too (their access to the platform ended).
        if (token.sid) await endSession(token.sid, SESSION_ENDED.signedOut);
        // Sign-out must not fail because the platform is down; the row is marked revoked regardless.
        await revokeOnSignOut(token.uid, config.authMode).catch((error: unknown) =>
          log.error(`auth: revoke on sign-out failed: ${describe({ error })}`),
        );
      },
    },
  };
}

/** A session cookie whose row ended (signed out, revoked, broken) or never existed. */
class SessionEndedError extends Error {
  constructor() {
    super("This session has ended.");
    this.name = "SessionEndedError";
  }
}

/**
 * Anyone can POST a code and an error to /api/auth/_log (next-auth's client logger), and a callback's
 * error message can quote the request: one line, control characters blanked, so that no request
 * can forge log lines.
 */
function oneLine(line: string): string {
  return line.replace(/\p{Cc}/gu, " ").slice(0, 500);
}

/** An error's class and message only: metadata objects may hold token responses or cookies. */
function describe(metadata: unknown): string {
  const error = metadata instanceof Error ? metadata : (metadata as { error?: unknown } | undefined)?.error;
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return "(details withheld)";
}
