// Webhooks are sent only for activated integrations (spec 3): the first API request carrying the
// clinic key activates it. The app sends the key once an admin enters it; specs make that first
// request directly, with a token of the clinic's first staff member.
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { LOCAL_DEFAULTS } from "@/lib/contract/local-defaults";
import { E2E_ENV } from "@/tooling/testing/e2e-stacks";
import { SANDBOX, sandboxControl } from "./session";

export interface SeedClinic {
  id: string;
  current_clinic_key: string;
  staff: { id: string }[];
}

export async function seedClinics(page: Page): Promise<SeedClinic[]> {
  return (await sandboxControl<{ clinics: SeedClinic[] }>(page, "seed")).clinics;
}

export async function activate(request: APIRequestContext, clinic: SeedClinic): Promise<void> {
  const redirectUri = `${E2E_ENV.APP_URL}/api/auth/callback/clinic`;
  const form = {
    client_id: LOCAL_DEFAULTS.clientId,
    redirect_uri: redirectUri,
    response_type: "code",
    state: "e2e",
    user_id: clinic.staff[0].id,
  };
  const authorized = await request.post(`${SANDBOX}/api/oauth/authorize`, { form, maxRedirects: 0 });
  const code = new URL(authorized.headers().location ?? "").searchParams.get("code") ?? "";
  const token = await request.post(`${SANDBOX}/api/oauth/token`, {
    data: {
      grant_type: "authorization_code",
      client_id: LOCAL_DEFAULTS.clientId,
      client_secret: LOCAL_DEFAULTS.clientSecret,
      code,
      redirect_uri: redirectUri,
    },
  });
  const { oauth } = await token.json();
  const clinic_ = await request.get(`${SANDBOX}/api/clinic`, {
    headers: { authorization: `Bearer ${oauth.access_token}`, "X-Service-Clinic-Key": clinic.current_clinic_key },
  });
  expect(clinic_.ok()).toBeTruthy();
}
