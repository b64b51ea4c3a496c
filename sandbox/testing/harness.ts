// Test helpers: start the sandbox in-process on port 0, sign in through the real OAuth flow, and
// call the API or the control API over HTTP. Used by the sandbox's own tests (and usable by others).
import { DEFAULT_HEADER_NAMES, LOCAL_DEFAULTS, TokenResponseSchema, type TokenResponse } from "@/lib/contract";
import { startSandbox, type Sandbox, type SandboxOptions } from "../start";

export const CALLBACK = "http://localhost:3000/api/auth/callback/clinic";

export interface HttpResult<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
}

export async function http<T = unknown>(url: string, init: RequestInit = {}): Promise<HttpResult<T>> {
  const res = await fetch(url, { redirect: "manual", ...init });
  const text = await res.text();
  let body: unknown = text;
  if ((res.headers.get("content-type") ?? "").includes("json") && text) body = JSON.parse(text);
  return { status: res.status, body: body as T, headers: res.headers, text };
}

/** A seeded clinic, as much of it as activating its integration needs. */
export interface ActivatableClinic {
  current_clinic_key: string;
  staff: Array<{ id: string }>;
}

/** A client of a sandbox: one started in this process, or another process's by its URL (`{ url }`). */
export class SandboxClient {
  constructor(readonly sb: Pick<Sandbox, "url">) {}
  get url() {
    return this.sb.url;
  }
  control<T = unknown>(path: string, body?: unknown): Promise<HttpResult<T>> {
    return http<T>(
      `${this.sb.url}/__sandbox${path}`,
      body === undefined
        ? {}
        : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) },
    );
  }
  api<T = unknown>(
    token: string | null,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<HttpResult<T>> {
    const h: Record<string, string> = { ...headers };
    if (token) h.authorization = `Bearer ${token}`;
    if (body !== undefined) h["content-type"] = "application/json";
    return http<T>(`${this.sb.url}${path}`, {
      method,
      headers: h,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }
  /** Approves on the sign-in page as `userId` and returns the redirect's code. */
  async authorize(
    userId: string,
    clientId: string = LOCAL_DEFAULTS.clientId,
    redirectUri = CALLBACK,
    state = "st-1",
  ): Promise<string> {
    const form = new URLSearchParams({
      client_id: clientId,
      redirect_uri: redirectUri,
      response_type: "code",
      state,
      user_id: userId,
    });
    const res = await http(`${this.sb.url}/api/oauth/authorize`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: form.toString(),
    });
    if (res.status !== 302) throw new Error(`authorize answered ${res.status}: ${res.text}`);
    const location = new URL(res.headers.get("location") ?? "");
    if (location.searchParams.get("state") !== state) throw new Error("state was not returned");
    return location.searchParams.get("code") ?? "";
  }
  token(body: Record<string, string>): Promise<HttpResult> {
    return http(`${this.sb.url}/api/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  }
  async signIn(userId: string, app: "role" | "clinic" = "role"): Promise<TokenResponse["oauth"]> {
    const clientId = app === "role" ? LOCAL_DEFAULTS.clientId : LOCAL_DEFAULTS.clinicLevelClientId;
    const clientSecret = app === "role" ? LOCAL_DEFAULTS.clientSecret : LOCAL_DEFAULTS.clinicLevelClientSecret;
    const code = await this.authorize(userId, clientId);
    const res = await this.token({
      grant_type: "authorization_code",
      client_id: clientId,
      client_secret: clientSecret,
      code,
      redirect_uri: CALLBACK,
    });
    if (res.status !== 200) throw new Error(`token exchange answered ${res.status}: ${res.text}`);
    return TokenResponseSchema.parse(res.body).oauth;
  }
  /**
   * The clinic's integration activated, as an admin entering its key does: webhooks go only to
   * activated integrations (spec 3), and the first API request carrying the key activates it. Signs
   * in as the clinic's first staff member and makes that request; returns their access token.
   */
  async activateClinic(clinic: ActivatableClinic, keyHeader = DEFAULT_HEADER_NAMES.clinicKey): Promise<string> {
    const token = (await this.signIn(clinic.staff[0].id)).access_token;
    const answer = await this.api(token, "GET", "/api/clinic", undefined, { [keyHeader]: clinic.current_clinic_key });
    if (answer.status !== 200) throw new Error(`the activating request answered ${answer.status}: ${answer.text}`);
    return token;
  }
}

/** The seeded world, typed loosely for tests. */
export interface SeedWorld {
  clinics: {
    id: string;
    name: string;
    integration_id: string;
    current_clinic_key: string;
    practitioners: { id: string; first_name: string; last_name: string }[];
    staff: { id: string; role: string }[];
  }[];
}

export async function startTestSandbox(options: SandboxOptions = {}) {
  const sb = await startSandbox({ seed: 7, ...options });
  const client = new SandboxClient(sb);
  const seed = (await client.control<SeedWorld>("/seed")).body;
  const [a, b] = seed.clinics;
  return {
    sb,
    client,
    seed,
    clinicA: a,
    clinicB: b,
    close: () => sb.close(),
  };
}
