// The platform as a next-auth OAuth provider (id `clinic`, callback /api/auth/callback/clinic).
// next-auth drives the redirect and the `state` cookie; the exchange is ours (the token response is
// nested under `oauth`, spec 2.1), and it ends in the token store. next-auth never receives a
// platform token: what it gets back is only the app user's id.
import "server-only";
import { timingSafeEqual } from "node:crypto";
import type { Profile } from "next-auth";
import type { OAuthConfig } from "next-auth/providers/oauth";
import { OAUTH_PATHS } from "@/lib/contract";
import { createClinicClient } from "@/lib/clinic-api/client";
import { platformSettings } from "@/lib/clinic-api/settings";
import { platformOAuth } from "@/lib/auth/platform-oauth";
import { completeSignIn, type SignedInUser } from "@/lib/auth/sign-in";
import { claimState } from "@/lib/auth/state-use";
import { readPlatformPeople, type PeopleSource, type PlatformPeople } from "@/lib/people/directory";
import { observePlatformBody } from "@/lib/drift/endpoints";
import { log } from "@/lib/log/logger";

export const PROVIDER_ID = "clinic";

/** What next-auth's "tokens" and "profile" hold for us: the app user, never a platform token. */
type AppUserTokens = { token_type: "app"; app_user_id: string };

export class SignInStateError extends Error {
  constructor() {
    super("The sign-in answer did not match the request that started it (state). Start again.");
    this.name = "SignInStateError";
  }
}

export function statesMatch(received: string | undefined, expected: string | undefined): boolean {
  if (!received || !expected) return false;
  const a = Buffer.from(received);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Code → token pair → clinic → stored user and connection. Exported for tests and other front doors. */
export async function exchangeAndStore(code: string, redirectUri: string): Promise<SignedInUser> {
  const settings = platformSettings();
  const oauth = platformOAuth(redirectUri);
  const token = await oauth.exchangeCode(code);
  const client = createClinicClient({
    baseUrl: settings.baseUrl,
    observeBody: observePlatformBody,
    credentials: {
      // A token minted a moment ago: a 401 here means the platform refused it; do not loop.
      tokens: {
        getAccessToken: async () => token.access_token,
        refreshAfterUnauthorized: async () => token.access_token,
      },
    },
  });
  const clinic = await client.getClinic();
  return completeSignIn({ token, clinic, authMode: settings.authMode, oauth, people: await peopleAtSignIn(client) });
}

/** The clinic's people for the sign-in; a failure to read them must not stop anyone signing in. */
async function peopleAtSignIn(client: PeopleSource): Promise<PlatformPeople | null> {
  try {
    return await readPlatformPeople(client);
  } catch (error) {
    log.warn("sign-in: the clinic's people could not be read", { err: error });
    return null;
  }
}

export function clinicProvider(): OAuthConfig<Profile> {
  const settings = platformSettings();
  return {
    id: PROVIDER_ID,
    name: "the platform",
    type: "oauth",
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    checks: ["state"],
    // openid-client adds scope=openid unless told otherwise; the platform's scopes are not published.
    authorization: {
      url: `${settings.baseUrl}${OAUTH_PATHS.authorize}`,
      params: { response_type: "code", scope: undefined },
    },
    token: {
      url: `${settings.baseUrl}${OAUTH_PATHS.token}`,
      async request({ params, checks, provider }) {
        // With a custom token request openid-client does not compare state; we do.
        if (!statesMatch(params.state, checks.state)) throw new SignInStateError();
        if (!params.code) throw new Error("The platform's answer carried no authorization code");
        // A replayed callback (same state, same cookie) spends no second code exchange.
        if (!(await claimState(String(checks.state)))) throw new SignInStateError();
        const user = await exchangeAndStore(params.code, provider.callbackUrl);
        const tokens: AppUserTokens = { token_type: "app", app_user_id: user.userId };
        return { tokens };
      },
    },
    userinfo: {
      url: `${settings.baseUrl}/api/clinic`,
      // Nothing to fetch: the exchange already read the clinic and stored the user.
      async request({ tokens }) {
        return { sub: String((tokens as Partial<AppUserTokens>).app_user_id) };
      },
    },
    profile: (profile) => ({ id: String(profile.sub), name: null, email: null, image: null }),
    style: { logo: "", bg: "#0f766e", text: "#ffffff" },
  };
}
