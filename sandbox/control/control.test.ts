// The control API: input validation (a table of bad inputs), reset and determinism (data, events,
// resources and their attachment links), seed view.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox } from "../start";
import { SandboxClient, startTestSandbox, type SeedWorld } from "../testing/harness";

let t: Awaited<ReturnType<typeof startTestSandbox>>;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());

describe("control API input validation", () => {
  const rows: [string, string, unknown][] = [
    ["reset with a negative seed", "/reset", { seed: -1 }],
    ["forget without clinic_id", "/forget", {}],
    ["forget with an unknown field", "/forget", { clinic_id: "x", keys: true }],
    ["reset with an unknown field", "/reset", { seeds: 3 }],
    ["activity with an unknown type", "/activity", { clinic_id: "x", type: "patient.deleted" }],
    ["activity without clinic_id", "/activity", { type: "patient.created" }],
    ["clock advance by a negative amount", "/clock/advance", { seconds: -5 }],
    ["clock advance as a string", "/clock/advance", { seconds: "60" }],
    ["time scale of zero", "/time-scale", { scale: 0 }],
    ["time scale over 1", "/time-scale", { scale: 2 }],
    ["faults with an error rate over 1", "/faults", { error_rate: 1.5 }],
    ["faults with an unknown status", "/faults", { fail_next: { count: 1, status: 404 } }],
    ["faults with an unknown key", "/faults", { explode: true }],
    ["account with an unknown patch version", "/account", { patch_version: "2030-01" }],
    ["account with an unknown event list mode", "/account", { event_lists: "summaries" }],
    ["webhook endpoint without a secret", "/webhook-endpoint", { url: "https://x.example/h", challenge_token: "c" }],
    [
      "webhook endpoint with a bad url",
      "/webhook-endpoint",
      { url: "not a url", signing_secret: "12345678", challenge_token: "c" },
    ],
    ["revoke without clinic_id", "/clinic-keys/revoke", {}],
    ["redirect uri that is not a URL", "/redirect-uris", { client_id: "clinic-connect-local", redirect_uri: "nope" }],
  ];
  it.each(rows)("refuses %s with 422", async (_label, path, body) => {
    const res = await t.client.control(path, body);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ errors: [expect.objectContaining({ code: "invalid_value" })] });
  });

  it("answers 404 for an activity on an unknown clinic and 400 for a body that is not JSON", async () => {
    expect((await t.client.control("/activity", { clinic_id: "clinic_nope", type: "patient.created" })).status).toBe(
      404,
    );
    const res = await fetch(`${t.client.url}/__sandbox/clock/advance`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{",
    });
    expect(res.status).toBe(400);
  });
});

describe("forget one clinic", () => {
  it("drops the clinic's keys and sign-ins, issues a new key, and leaves the other clinic alone", async () => {
    const sb = await startTestSandbox({ seed: 11 });
    try {
      const [a, b] = [sb.clinicA, sb.clinicB];
      const staffA = await sb.client.activateClinic(a);
      const staffB = await sb.client.activateClinic(b);
      const forgot = await sb.client.control<{ clinic_key: { value: string } }>("/forget", { clinic_id: a.id });
      expect(forgot.status).toBe(200);
      expect(forgot.body.clinic_key.value).not.toBe(a.current_clinic_key);
      expect((await sb.client.api(staffA, "GET", "/api/clinic")).status).toBe(401);
      const again = (await sb.client.signIn(a.staff[0].id)).access_token;
      const oldKey = await sb.client.api<{ errors: { code: string }[] }>(again, "GET", "/api/clinic", undefined, {
        "X-Service-Clinic-Key": a.current_clinic_key,
      });
      expect(oldKey.status).toBe(403);
      expect(oldKey.body.errors[0].code).toBe("clinic_key_invalid");
      const seedA = (await sb.client.control<SeedWorld>("/seed")).body.clinics[0];
      expect(seedA.current_clinic_key).toBe(forgot.body.clinic_key.value);
      expect((await sb.client.api(staffB, "GET", "/api/clinic")).status).toBe(200);
      expect((await sb.client.control("/forget", { clinic_id: "clinic_nope" })).status).toBe(404);
    } finally {
      await sb.close();
    }
  });
});

describe("seed and reset", () => {
  it("seeds two clinics with ≥3 practitioners, ≥2 staff, dozens of patients and an unactivated key each", () => {
    expect(t.seed.clinics.length).toBeGreaterThanOrEqual(2);
    for (const c of t.seed.clinics) {
      expect(c.practitioners.length).toBeGreaterThanOrEqual(3);
      expect(c.staff.length).toBeGreaterThanOrEqual(2);
      expect(c.current_clinic_key).toMatch(/^ck_/);
    }
    expect(t.sb.state.patientsOf(t.clinicA.id).length).toBeGreaterThanOrEqual(24);
  });

  it("gives the same data for the same seed, across restarts and resets", async () => {
    const clock = { start: "2025-01-01T00:00:00Z", frozen: true };
    const a = await startSandbox({ seed: 42, clock });
    const b = await startSandbox({ seed: 42, clock });
    const c = await startSandbox({ seed: 43, clock });
    try {
      const view = async (url: string) =>
        ((await (await fetch(`${url}/__sandbox/seed`)).json()) as SeedWorld & { base_url?: string }).clinics;
      expect(await view(a.url)).toEqual(await view(b.url));
      expect(await view(a.url)).not.toEqual(await view(c.url));
      const events = (s: typeof a) => s.state.events.map((e) => [e.id, e.type, e.createdAt]);
      expect(events(a)).toEqual(events(b));
      await fetch(`${a.url}/__sandbox/activity`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ clinic_id: a.state.clinics.keys().next().value, type: "patient.created" }),
      });
      await fetch(`${a.url}/__sandbox/reset`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      });
      expect(events(a)).toEqual(events(b));
    } finally {
      await Promise.all([a.close(), b.close(), c.close()]);
    }
  });

  it("gives the same resources, attachment links included, and the same event data for the same seed", async () => {
    const clock = { start: "2025-01-01T00:00:00Z", frozen: true };
    const [a, b, c] = await Promise.all([
      startSandbox({ seed: 42, clock }),
      startSandbox({ seed: 42, clock }),
      startSandbox({ seed: 43, clock }),
    ]);
    try {
      // Everything a clinic-level token sees of resources, with each link's path (the ports differ).
      const resources = async (sb: typeof a) => {
        const client = new SandboxClient(sb);
        const world = (await client.control<SeedWorld>("/seed")).body;
        const out: unknown[] = [];
        for (const clinic of world.clinics) {
          const token = (await client.signIn(clinic.staff[0].id, "clinic")).access_token;
          for (const p of clinic.practitioners)
            out.push(
              (await client.api(token, "GET", `/api/clinic/practitioners/${p.id}/resources?page[size]=100`)).body,
            );
          out.push((await client.api(token, "GET", "/api/clinic/service_resources?page[size]=100")).body);
        }
        return JSON.parse(JSON.stringify(out).replaceAll(sb.url, "<base>")) as {
          resources?: { attachment: { url: string } }[];
        }[];
      };
      const [ra, rb, rc] = await Promise.all([resources(a), resources(b), resources(c)]);
      expect(ra).toEqual(rb);
      const links = (r: typeof ra) => r.flatMap((page) => page.resources ?? []).map((x) => x.attachment.url);
      expect(links(ra).length).toBeGreaterThan(10);
      expect(links(ra).every((u) => u.startsWith("<base>/files/"))).toBe(true);
      expect(links(ra)).not.toEqual(links(rc));
      const download = await fetch(links(ra)[0].replace("<base>", a.url));
      expect(download.status).toBe(200);
      const events = (sb: typeof a) =>
        sb.state.events.map((e) => [e.id, e.type, e.createdAt, e.data, e.previousAttributes]);
      expect(events(a)).toEqual(events(b));
    } finally {
      await Promise.all([a.close(), b.close(), c.close()]);
    }
  });

  it("reset with a new seed re-seeds and clears tokens", async () => {
    const t2 = await startTestSandbox();
    try {
      const oauth = await t2.client.signIn(t2.clinicA.staff[0].id);
      const res = await t2.client.control<{ seed: number }>("/reset", { seed: 99 });
      expect(res.body.seed).toBe(99);
      expect((await t2.client.api(oauth.access_token, "GET", "/api/clinic")).status).toBe(401);
    } finally {
      await t2.close();
    }
  });

  it("counts refreshes in stats so tests can assert exactly one happened", async () => {
    await t.client.control("/stats/reset", {});
    const oauth = await t.client.signIn(t.clinicA.staff[0].id);
    await t.client.token({
      grant_type: "refresh_token",
      client_id: "clinic-connect-local",
      client_secret: "local-sandbox-client-secret",
      refresh_token: oauth.refresh_token,
    });
    const stats = await t.client.control<{
      stats: { token_refreshes_succeeded: number; code_exchanges_succeeded: number };
    }>("/stats");
    expect(stats.body.stats).toMatchObject({ token_refreshes_succeeded: 1, code_exchanges_succeeded: 1 });
  });
});
