// Checks that sign-in can work at all, for the server's start-up (instrumentation.ts register()):
// in production a missing APP_ENCRYPTION_KEY or NEXTAUTH_SECRET stops the process with a message
// that says what to set, instead of failing at the first sign-in.
import "server-only";
import { getConfig } from "@/lib/config";
import { configuredKeyring } from "@/lib/auth/encryption-key";

export function assertAuthConfigured(): void {
  configuredKeyring(); // throws MISSING_KEY_MESSAGE in production without a key
  const config = getConfig();
  if (config.isProduction && !config.nextAuthSecret) {
    throw new Error(
      "NEXTAUTH_SECRET is not set. Sessions are signed with it; set it to a long random value (e.g. `openssl rand -base64 32`).",
    );
  }
}
