// "Nothing stored or changed": the state a hostile request could touch, read before and after it.
// - The app's database: clinics (and their sealed keys), users (roles, sign-ins), connections (their
//   sealed tokens, state, refreshes), manual reconciliation runs, webhook events and receipts. Not
//   the job queue, the daily counts or scheduled reconciliations: the app's own cron moves those.
// - The sandbox: each clinic's keys, integration status and record counts; session grants; the
//   counters of exchanges, refreshes, revocations and activations; and the two tracked resources
//   (A's own, B's) as the platform holds them, read with the owners' tokens.
import type { APIRequestContext } from "@playwright/test";
import pg from "pg";
import { SANDBOX } from "./session";
import type { Cast } from "./cast";

const APP_STATE = {
  clinics: "SELECT id, name, integration_id, clinic_key_enc, clinic_key_set_at FROM clinics ORDER BY id",
  users:
    "SELECT id, clinic_id, platform_user_id, platform_user_type, name, is_admin, last_sign_in_at FROM users ORDER BY id",
  connections:
    "SELECT id, clinic_id, user_id, clinic_level_for, state, state_reason, access_token_enc, refresh_token_enc, expires_at, refresh_count, last_refresh_at FROM platform_connections ORDER BY id",
  manualRuns: "SELECT id, clinic_id FROM reconciliation_runs WHERE trigger = 'manual' ORDER BY id",
  webhookEvents: "SELECT id, clinic_id FROM events WHERE source = 'webhook' ORDER BY id",
  receipts: "SELECT count(*)::int AS n FROM webhook_receipts",
} as const;

const COUNTERS = [
  "code_exchanges_succeeded",
  "token_refreshes_succeeded",
  "revocations",
  "session_grants_created",
  "session_grants_claimed",
  "clinic_key_activations",
  "events_emitted",
] as const;

interface SeedView {
  clinics: Array<{ id: string; integration_status: unknown; clinic_keys: unknown; counts: unknown }>;
}

async function sandboxJson<T>(api: APIRequestContext, path: string, token?: string): Promise<T | { status: number }> {
  const response = await api.get(`${SANDBOX}${path}`, token ? { headers: { Authorization: `Bearer ${token}` } } : {});
  return response.ok() ? ((await response.json()) as T) : { status: response.status() };
}

export interface Fingerprint {
  app: Record<string, unknown>;
  sandbox: Record<string, unknown>;
}

export async function fingerprint(cast: Cast): Promise<Fingerprint> {
  const api = cast.api.anon;
  // Webhook deliveries already under way land first, so they are not counted against the next row.
  await api.post(`${SANDBOX}/__sandbox/webhooks/drain`, { data: {} });
  const app: Record<string, unknown> = {};
  const db = new pg.Client({ connectionString: cast.databaseUrl });
  await db.connect();
  try {
    for (const [name, sql] of Object.entries(APP_STATE)) app[name] = (await db.query(sql)).rows;
  } finally {
    await db.end();
  }
  const seed = (await sandboxJson<SeedView>(api, "/__sandbox/seed")) as SeedView;
  const stats = (await sandboxJson<{ stats: Record<string, unknown> }>(api, "/__sandbox/stats")) as {
    stats: Record<string, unknown>;
  };
  const grants = (await sandboxJson<{ session_grants: unknown[] }>(api, "/__sandbox/grants")) as {
    session_grants: unknown[];
  };
  const resource = (practitionerId: string, id: string, token: string) =>
    sandboxJson(api, `/api/clinic/practitioners/${practitionerId}/resources/${id}`, token);
  return {
    app,
    sandbox: {
      clinics: seed.clinics.map(({ id, integration_status, clinic_keys, counts }) => ({
        id,
        integration_status,
        clinic_keys,
        counts,
      })),
      grants: grants.session_grants.length,
      counters: Object.fromEntries(COUNTERS.map((c) => [c, stats.stats[c]])),
      ownResource: await resource(
        cast.members.practitioner.platformUserId,
        cast.own.resourceId,
        cast.tokens.practitioner,
      ),
      otherResource: await resource(
        cast.members.otherMember.platformUserId,
        cast.other.resourceId,
        cast.tokens.otherMember,
      ),
    },
  };
}
