// next-auth configuration: the platform as the only provider, a JWT session that carries only the
// app user's id, role and clinic, sign-out that revokes at the platform, and a logger that prints
// event codes but never metadata (next-auth's debug output would include token responses).
import "server-only";
import type { NextAuthOptions } from "next-auth";
import { db } from "@/lib/db";
import { getConfig } from "@/lib/config";
import { clinicProvider } from "@/lib/auth/provider";
import { revokeOnSignOut } from "@/lib/auth/revoke";
import { roleOf } from "@/lib/auth/roles";
import { auditSession } from "@/lib/audit/sessions";

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
      error: (code, metadata) => console.error(oneLine(`[auth] ${code}: ${describe(metadata)}`)),
      warn: (code) => console.warn(oneLine(`[auth] ${code}`)),
      debug: () => {},
    },
    callbacks: {
      async jwt({ token, user }) {
        if (user) {
          // First call after sign-in: `user` is what the provider's profile() returned (the app user id).
          const row = await db.user.findUniqueOrThrow({ where: { id: user.id } });
          return { sub: row.id, uid: row.id, role: roleOf(row), clinicId: row.clinicId };
        }
        // Keep only our claims (next-auth adds iat/exp/jti when it encodes).
        return { sub: token.sub, uid: token.uid, role: token.role, clinicId: token.clinicId };
      },
      async session({ session, token }) {
        if (!token.uid || !token.role || !token.clinicId) return { expires: session.expires };
        return { expires: session.expires, user: { id: token.uid, role: token.role, clinicId: token.clinicId } };
      },
    },
    events: {
      async signIn({ user }) {
        await auditSession(user.id, "auth.signed_in");
      },
      async signOut({ token }) {
        if (!token?.uid) return;
        await auditSession(token.uid, "auth.signed_out");
        // Sign-out must not fail because the platform is down; the row is marked revoked regardless.
        await revokeOnSignOut(token.uid, config.authMode).catch((error: unknown) =>
          console.error(`[auth] revoke on sign-out failed: ${describe({ error })}`),
        );
      },
    },
  };
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
