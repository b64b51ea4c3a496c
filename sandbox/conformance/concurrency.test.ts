// Spec 3 (authorization code, integration), 4.1, 4.2 and 5.6 under load: 500 concurrent requests
// mixing reads with resource creates, updates and deletes, racing exchanges of ONE authorization
// code, racing refreshes of ONE refresh token and racing first requests with a clinic key; then the
// state is checked (unique ids, every created resource retrievable, counts consistent).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_DEFAULTS } from "@/lib/contract";
import { seededRandom } from "../core/random";
import { CALLBACK, startTestSandbox, type HttpResult } from "../testing/harness";
import { SandboxResourceListResponseSchema, SandboxResourceResponseSchema } from "../state/records";
import { dataUri, FILES } from "../testing/files";

let t: Awaited<ReturnType<typeof startTestSandbox>>;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());

type Kind = "create" | "update" | "delete" | "exchange" | "refresh" | "activate" | "read";
interface Outcome {
  kind: Kind;
  key: string;
  res: HttpResult;
}
const app = { client_id: LOCAL_DEFAULTS.clientId, client_secret: LOCAL_DEFAULTS.clientSecret };
const resource = (name: string) => ({
  name,
  type: "Guide",
  attachment: dataUri(FILES.pdf, "application/pdf"),
  attachment_filename: "g.pdf",
  save_to_library: "true",
});
const pathOf = (pracId: string) => `/api/clinic/practitioners/${pracId}/resources`;

async function listAll(token: string, pracId: string) {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const body = SandboxResourceListResponseSchema.parse(
      (await t.client.api(token, "GET", `${pathOf(pracId)}?page[size]=100&page[number]=${page}`)).body,
    );
    ids.push(...body.resources.map((r) => r.id));
    if (body.meta.next_page === null) return { ids, total: body.meta.total_count };
  }
}

describe("spec 3 / 4.1 / 4.2 / 5.6 under 500 concurrent requests", () => {
  it("stays correct: one winner per code, refresh token and key activation; every write lands once", async () => {
    const pracs = t.clinicA.practitioners;
    const tokens = await Promise.all(pracs.map(async (p) => (await t.client.signIn(p.id)).access_token));
    const staff = (await t.client.signIn(t.clinicA.staff[0].id)).access_token;
    // Per practitioner: 3 resources to update (4 racing PUTs each), 3 to delete (2 racing DELETEs each).
    const made = await Promise.all(
      pracs.map((p, i) =>
        Promise.all(
          Array.from(
            { length: 6 },
            async (_, n) =>
              SandboxResourceResponseSchema.parse(
                (await t.client.api(tokens[i], "POST", pathOf(p.id), resource(`setup ${n}`))).body,
              ).resource.id,
          ),
        ),
      ),
    );
    const before = await Promise.all(pracs.map((p, i) => listAll(tokens[i], p.id)));
    const code = await t.client.authorize(pracs[0].id);
    const toRefresh = await t.client.signIn(pracs[1].id);
    const s = t.sb.state;
    const start = { events: s.events.length, ids: new Set([...s.resources.keys()]), stats: structuredClone(s.stats) };

    const jobs: (() => Promise<Outcome>)[] = [];
    const job = (kind: Kind, key: string, run: () => Promise<HttpResult>) =>
      jobs.push(async () => ({ kind, key, res: await run() }));
    pracs.forEach((p, i) => {
      for (let n = 0; n < 40; n++)
        job("create", p.id, () => t.client.api(tokens[i], "POST", pathOf(p.id), resource(`burst ${p.id} ${n}`)));
      for (const id of made[i].slice(0, 3))
        for (let n = 0; n < 4; n++)
          job("update", id, () => t.client.api(tokens[i], "PUT", `${pathOf(p.id)}/${id}`, { name: `${id} v${n}` }));
      for (const id of made[i].slice(3))
        for (let n = 0; n < 2; n++) job("delete", id, () => t.client.api(tokens[i], "DELETE", `${pathOf(p.id)}/${id}`));
    });
    const reads = [
      "/api/clinic/patients?page[size]=100",
      "/api/events/patients",
      "/api/clinic/service_resources",
      "/api/clinic/treatment_plans",
    ];
    for (let n = 0; jobs.length < 500 - 36; n++) {
      const i = n % pracs.length;
      job("read", pracs[i].id, () =>
        n % 2
          ? t.client.api(staff, "GET", reads[n % reads.length])
          : t.client.api(tokens[i], "GET", `${pathOf(pracs[i].id)}?page[size]=100`),
      );
    }
    const random = seededRandom(500);
    for (let i = jobs.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [jobs[i], jobs[j]] = [jobs[j], jobs[i]];
    }
    // Each race is sent as one block amid the other traffic, so its requests really overlap.
    const races: [Kind, string, () => Promise<HttpResult>][] = [
      [
        "exchange",
        "code",
        () => t.client.token({ grant_type: "authorization_code", ...app, code, redirect_uri: CALLBACK }),
      ],
      [
        "refresh",
        "rt",
        () => t.client.token({ grant_type: "refresh_token", ...app, refresh_token: toRefresh.refresh_token }),
      ],
      [
        "activate",
        "key",
        () =>
          t.client.api(staff, "GET", "/api/clinic", undefined, {
            "X-Service-Clinic-Key": t.clinicA.current_clinic_key,
          }),
      ],
    ];
    races.forEach(([kind, key, run], r) => {
      const block = Array.from({ length: 12 }, () => async (): Promise<Outcome> => ({ kind, key, res: await run() }));
      jobs.splice(100 + r * 150, 0, ...block);
    });
    const out = await Promise.all(jobs.map((run) => run()));
    const of = (kind: Kind) => out.filter((o) => o.kind === kind);
    const statuses = (kind: Kind) =>
      of(kind)
        .map((o) => o.res.status)
        .sort();

    expect(out).toHaveLength(500);
    expect(new Set(out.map((o) => o.res.headers.get("x-request-id"))).size).toBe(500);
    expect(statuses("read").every((x) => x === 200)).toBe(true);
    for (const o of of("read").filter((x) => "resources" in (x.res.body as object))) {
      const listed = SandboxResourceListResponseSchema.parse(o.res.body).resources;
      expect(listed.every((r) => r.practitioner_id === o.key || r.shared_with_practitioner_ids?.includes(o.key))).toBe(
        true,
      );
    }

    // Writes: unique new ids, every update and one delete per resource succeed.
    const created = of("create").map((o) => SandboxResourceResponseSchema.parse(o.res.body).resource);
    expect(statuses("create").every((x) => x === 201)).toBe(true);
    expect(new Set(created.map((r) => r.id)).size).toBe(160);
    expect(created.some((r) => start.ids.has(r.id))).toBe(false);
    expect(statuses("update").every((x) => x === 200)).toBe(true);
    for (const id of new Set(of("delete").map((o) => o.key))) {
      expect(
        of("delete")
          .filter((o) => o.key === id)
          .map((o) => o.res.status)
          .sort(),
        id,
      ).toEqual([200, 404]);
    }

    // Exactly one winner for the code and for the refresh token; the others get invalid_grant.
    expect(statuses("exchange")).toEqual([200, ...Array(11).fill(400)]);
    expect(statuses("refresh")).toEqual([200, ...Array(11).fill(400)]);
    for (const o of [...of("exchange"), ...of("refresh")].filter((x) => x.res.status === 400))
      expect(o.res.body).toMatchObject({ error: "invalid_grant" });
    const winner = (kind: Kind) =>
      (of(kind).find((o) => o.res.status === 200)?.res.body as { oauth: { access_token: string } }).oauth.access_token;
    // Reusing a code revokes what it issued (RFC 6749 4.1.2); the refreshed token stays valid.
    expect((await t.client.api(winner("exchange"), "GET", "/api/clinic")).status).toBe(401);
    expect((await t.client.api(winner("refresh"), "GET", "/api/clinic")).status).toBe(200);
    expect((await t.client.api(toRefresh.access_token, "GET", "/api/clinic")).status).toBe(401);

    // One activation: every keyed request passes, one clinic_key.activated event, no other event.
    expect(statuses("activate").every((x) => x === 200)).toBe(true);
    const newEvents = s.events.slice(start.events);
    expect(newEvents.map((e) => [e.type, e.clinicId])).toEqual([["clinic_key.activated", t.clinicA.id]]);
    expect(s.stats.clinic_key_activations - start.stats.clinic_key_activations).toBe(1);

    // State afterwards: every created resource retrievable and listed, deleted ones gone, counts add up.
    const byPrac = (id: string) => pracs.findIndex((p) => p.id === id);
    const got = await Promise.all(
      created.map((r) =>
        t.client.api(tokens[byPrac(r.practitioner_id)], "GET", `${pathOf(r.practitioner_id)}/${r.id}`),
      ),
    );
    expect(got.every((g) => g.status === 200)).toBe(true);
    for (const [i, p] of pracs.entries()) {
      const after = await listAll(tokens[i], p.id);
      expect(new Set(after.ids).size).toBe(after.ids.length);
      expect(after.total).toBe(before[i].total + 40 - 3);
      for (const r of created.filter((c) => c.practitioner_id === p.id)) expect(after.ids).toContain(r.id);
      for (const id of made[i].slice(3)) expect(after.ids).not.toContain(id);
      for (const id of made[i].slice(0, 3))
        expect([0, 1, 2, 3].map((n) => `${id} v${n}`)).toContain(s.resources.get(id)?.name);
    }
    const stat = (
      k: "code_exchanges_succeeded" | "code_exchanges_failed" | "token_refreshes_succeeded" | "token_refreshes_failed",
    ) => s.stats[k] - start.stats[k];
    expect([
      stat("code_exchanges_succeeded"),
      stat("code_exchanges_failed"),
      stat("token_refreshes_succeeded"),
      stat("token_refreshes_failed"),
    ]).toEqual([1, 11, 1, 11]);
    const route = (k: string) => (s.stats.requests_by_route[k] ?? 0) - (start.stats.requests_by_route[k] ?? 0);
    expect(route("POST /api/clinic/practitioners/:practitionerId/resources")).toBe(160);
    expect(route("DELETE /api/clinic/practitioners/:practitionerId/resources/:id")).toBe(24);
  });
});
