// GET /__sandbox/seed: what a newcomer or a test needs to know about the seeded world.
import { deliveryRecord, sessionGrantRecord } from "../state/serialize";
import type { SandboxState } from "../state/store";
import type { UserRow } from "../state/types";

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const userView = (u: UserRow) => ({
  id: u.id,
  type: u.type,
  first_name: u.firstName,
  last_name: u.lastName,
  email: u.email,
  role: u.role,
});

export function seedView(s: SandboxState) {
  return {
    seed: s.seed,
    base_url: s.baseUrl,
    patch_version: s.account.patchVersion,
    applications: [...s.applications.values()].map((a) => ({
      client_id: a.clientId,
      client_secret: a.clientSecret,
      name: a.name,
      authorization: a.mode,
      redirect_uris: [
        "http://localhost:<any port>/api/auth/callback/clinic",
        "http://127.0.0.1:<any port>/api/auth/callback/clinic",
        ...a.redirectUris,
      ],
    })),
    clinics: [...s.clinics.values()].map((c) => ({
      id: c.id,
      name: c.name,
      integration_id: c.integrationId,
      integration_status: s.integrationStatus(c.id),
      clinic_keys: s.clinicKeys
        .filter((k) => k.clinicId === c.id)
        .map((k) => ({
          id: k.id,
          value: k.value,
          issued_at: iso(k.issuedAt),
          activated_at: iso(k.activatedAt),
          revoked_at: iso(k.revokedAt),
        })),
      current_clinic_key: s.currentKey(c.id)?.value ?? null,
      practitioners: [...s.users.values()]
        .filter((u) => u.clinicId === c.id && u.type === "Practitioner")
        .map(userView),
      staff: [...s.users.values()].filter((u) => u.clinicId === c.id && u.type === "Staff").map(userView),
      counts: {
        patients: s.patientsOf(c.id).length,
        resources: [...s.resources.values()].filter((r) => r.clinicId === c.id).length,
        treatment_plans: [...s.treatmentPlans.values()].filter((t) => t.clinicId === c.id).length,
        products: [...s.products.values()].filter((p) => p.clinicId === c.id).length,
        events: s.events.filter((e) => e.clinicId === c.id).length,
      },
    })),
    service_resources: s.serviceResources.length,
  };
}

export function grantView(s: SandboxState, id: string) {
  const g = s.sessionGrants.get(id);
  if (!g) return null;
  const { secret_token: _hidden, ...rest } = sessionGrantRecord(g);
  void _hidden;
  return { ...rest, clinic_id: g.clinicId, client_id: g.clientId, created_at: iso(g.createdAt) };
}

export function allDeliveries(s: SandboxState) {
  return s.deliveries.map(deliveryRecord);
}
