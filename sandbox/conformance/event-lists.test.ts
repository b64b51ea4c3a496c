// Spec 4.4 per list (event_type filtering and sort_by=event_type on every list that allows them,
// created_at on lab_orders), spec 9 (patch_version shapes list output as sandbox/README.md says), and
// the lists that give ids alone (`event_lists: "ids"`, as the platform's documentation describes them).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  EVENT_CATEGORIES,
  EVENT_LIST_RULES,
  EventIdListResponseSchema,
  EventRecordSchema,
  WholeEventListResponseSchema,
  eventListPath,
  eventTypesIn,
  PatientListResponseSchema,
} from "@/lib/contract";
import { startTestSandbox } from "../testing/harness";

let t: Awaited<ReturnType<typeof startTestSandbox>>;
let token: string;
beforeAll(async () => {
  t = await startTestSandbox({ clock: { start: "2025-03-15T12:00:00Z", frozen: true } });
  token = (await t.client.signIn(t.clinicA.staff[0].id)).access_token;
});
afterAll(() => t.close());

const events = async (path: string) => {
  const res = await t.client.api(token, "GET", path);
  expect(res.status, path).toBe(200);
  return WholeEventListResponseSchema.parse(res.body).events;
};
const filterable = EVENT_CATEGORIES.filter((c) => EVENT_LIST_RULES[c].eventTypeFilter);
const typeRows = filterable.flatMap((c) => eventTypesIn(c).map((type) => [c, type] as const));

describe("spec 4.4 event_type on every list that allows it", () => {
  it("allows it on all lists but lab_orders", () => {
    expect(filterable).toEqual(["clinic_keys", "orders", "patients", "products", "treatment_plans"]);
  });

  it.each(typeRows)("%s?event_type=%s lists only that type, and all of it", async (category, type) => {
    const all = await events(`${eventListPath(category)}?page[size]=100`);
    const only = await events(`${eventListPath(category)}?event_type=${type}&page[size]=100`);
    expect(only.length).toBeGreaterThan(0);
    expect(only.map((e) => e.id)).toEqual(all.filter((e) => e.type === type).map((e) => e.id));
  });
});

describe("spec 4.4 sort_by=event_type on every list that allows it", () => {
  it.each(filterable)("/api/events/%s sorts by type, ASC and DESC, keeping every event", async (category) => {
    const all = await events(`${eventListPath(category)}?page[size]=100`);
    const asc = await events(`${eventListPath(category)}?sort_by=event_type&page[size]=100`);
    const desc = await events(`${eventListPath(category)}?sort_by=event_type&order_by=DESC&page[size]=100`);
    const types = asc.map((e) => e.type);
    expect(types).toEqual([...types].sort());
    expect(desc.map((e) => e.type)).toEqual([...types].reverse());
    expect(new Set(asc.map((e) => e.type)).size).toBe(eventTypesIn(category).length);
    expect(asc.map((e) => e.id).sort()).toEqual(all.map((e) => e.id).sort());
  });
});

describe("spec 4.4 created_at on lab_orders", () => {
  it("filters lab order events in every date form and sorts by created_at", async () => {
    const all = await events("/api/events/lab_orders?page[size]=100");
    expect(all.length).toBeGreaterThan(1);
    const day = all[0].created_at.slice(0, 10);
    const on = await events(`/api/events/lab_orders?created_at=${day}`);
    const before = await events(`/api/events/lab_orders?created_at=%3C${day}`);
    const after = await events(`/api/events/lab_orders?created_at=%3E${day}`);
    expect(on.length).toBeGreaterThan(0);
    expect(on.every((e) => e.created_at.startsWith(day))).toBe(true);
    expect(before).toEqual([]);
    expect(after.every((e) => e.created_at.slice(0, 10) > day)).toBe(true);
    expect(on.length + after.length).toBe(all.length);
    expect(await events(`/api/events/lab_orders?created_at=${day}..2025-03-15&page[size]=100`)).toEqual(all);
    const desc = await events("/api/events/lab_orders?sort_by=created_at&order_by=DESC&page[size]=100");
    expect(desc.map((e) => e.id)).toEqual(all.map((e) => e.id).reverse());
  });
});

describe("spec 9 patch_version in list output (documented in sandbox/README.md)", () => {
  it("sandbox-extras adds full_name to patients, patch_version to events and previous_attributes to *.updated; 2020-02-14 does not", async () => {
    try {
      await t.client.control("/account", { patch_version: "sandbox-extras" });
      const patients = PatientListResponseSchema.parse(
        (await t.client.api(token, "GET", "/api/clinic/patients")).body,
      ).patients;
      expect(patients.every((p) => p.full_name === `${p.first_name} ${p.last_name}`)).toBe(true);
      const listed = await events("/api/events/patients?page[size]=100");
      expect(listed.every((e) => e.patch_version === "sandbox-extras")).toBe(true);
      expect(listed.every((e) => typeof (e.data.patient as { full_name?: string }).full_name === "string")).toBe(true);
      const updated = listed.filter((e) => e.type === "patient.updated");
      expect(updated.length).toBeGreaterThan(0);
      expect(updated.every((e) => "previous_attributes" in e.data)).toBe(true);

      await t.client.control("/account", { patch_version: "2020-02-14" });
      const plain = PatientListResponseSchema.parse(
        (await t.client.api(token, "GET", "/api/clinic/patients")).body,
      ).patients;
      expect(plain.some((p) => "full_name" in p)).toBe(false);
      const old = await events("/api/events/patients?page[size]=100");
      expect(
        old.some(
          (e) => "patch_version" in e || "previous_attributes" in e.data || "full_name" in (e.data.patient as object),
        ),
      ).toBe(false);
    } finally {
      await t.client.control("/account", { patch_version: "2020-02-14" });
    }
  });
});

describe("lists that give ids alone (event_lists: ids, documented in sandbox/README.md)", () => {
  const listed = async (path: string) => {
    const res = await t.client.api(token, "GET", path);
    expect(res.status, path).toBe(200);
    return EventIdListResponseSchema.parse(res.body); // items are {id} and nothing else
  };
  const paths = [
    ...EVENT_CATEGORIES.map((c) => `${eventListPath(c)}?page[size]=100`),
    "/api/events/patients?sort_by=event_type&order_by=DESC&page[size]=3&page[number]=2",
    "/api/events/lab_orders?created_at=%3E2025-03-01&page[size]=100",
  ];

  it("names the same events, in the same order and pages, as whole lists; each is retrieved whole by id", async () => {
    const whole = await Promise.all(
      paths.map(async (path) => WholeEventListResponseSchema.parse((await t.client.api(token, "GET", path)).body)),
    );
    const answer = await t.client.control<{ event_lists: string }>("/account", { event_lists: "ids" });
    expect(answer.body.event_lists).toBe("ids");
    try {
      for (const [i, path] of paths.entries()) {
        expect(whole[i]!.events.length, path).toBeGreaterThan(0);
        const ids = await listed(path);
        expect(ids.meta, path).toEqual(whole[i]!.meta);
        expect(ids.events, path).toEqual(whole[i]!.events.map((e) => ({ id: e.id })));
      }
      const some = (await listed("/api/events/orders?page[size]=3")).events;
      expect(some).toHaveLength(3);
      for (const { id } of some) {
        const res = await t.client.api<{ event: unknown }>(token, "GET", `/api/events/${id}`);
        expect(res.status).toBe(200);
        expect(EventRecordSchema.parse(res.body.event)).toMatchObject({ id, clinic_id: t.clinicA.id });
      }
      // The list's own rules hold in this mode too.
      const refused = await t.client.api(token, "GET", "/api/events/lab_orders?event_type=lab_order.updated");
      expect(refused.status).toBe(400);
    } finally {
      await t.client.control("/account", { event_lists: "whole" });
    }
  });

  it("gives whole events by default and again after a reset", async () => {
    await t.client.control("/account", { event_lists: "ids" });
    await t.client.control("/reset", {});
    const res = await t.client.api(token, "GET", "/api/events/orders?page[size]=5");
    expect(res.status).toBe(401); // a reset ends every token; sign in again
    token = (await t.client.signIn(t.clinicA.staff[0].id)).access_token;
    const body = WholeEventListResponseSchema.parse((await t.client.api(token, "GET", "/api/events/orders")).body);
    expect(body.events.length).toBeGreaterThan(0);
  });
});
