// Spec 2.4, 4.4, 6.1 and 8: event lists and retrieval — filters, sorting, the 30-day window.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  EVENT_CATEGORIES,
  EVENT_TYPES,
  WholeEventListResponseSchema,
  EventResponseSchema,
  eventCategoryOf,
  eventListPath,
  eventTypesIn,
  type EventType,
} from "@/lib/contract";
import { startTestSandbox } from "../testing/harness";

let t: Awaited<ReturnType<typeof startTestSandbox>>;
let token: string;
beforeAll(async () => {
  t = await startTestSandbox({ clock: { start: "2025-03-15T12:00:00Z", frozen: true } });
  token = (await t.client.signIn(t.clinicA.staff[0].id)).access_token;
});
afterAll(() => t.close());

const list = async (path: string) => {
  const res = await t.client.api(token, "GET", path);
  expect(res.status).toBe(200);
  return WholeEventListResponseSchema.parse(res.body);
};

describe("spec 4.4 event lists", () => {
  it.each(EVENT_CATEGORIES)(
    "/api/events/%s lists only its own event types, within 30 days, for the caller's clinic",
    async (category) => {
      const body = await list(`${eventListPath(category)}?page[size]=100`);
      expect(body.events.length).toBeGreaterThan(0);
      const oldest = Date.parse("2025-03-15T12:00:00Z") - 30 * 86_400_000;
      for (const e of body.events) {
        expect(eventCategoryOf(e.type as EventType)).toBe(category);
        // As documented, product.created names no clinic; the list is still the caller's clinic's.
        expect(e.clinic_id).toBe(e.type === "product.created" ? undefined : t.clinicA.id);
        expect(Date.parse(e.created_at)).toBeGreaterThanOrEqual(oldest);
      }
    },
  );

  it("has seeded events of every type, older and newer than 30 days", () => {
    const now = t.sb.state.clock.now();
    for (const type of EVENT_TYPES) {
      const ages = t.sb.state.events
        .filter((e) => e.type === type && e.clinicId === t.clinicA.id)
        .map((e) => (now - e.createdAt) / 86_400_000);
      expect(
        ages.some((a) => a > 30),
        type,
      ).toBe(true);
      expect(
        ages.some((a) => a < 30),
        type,
      ).toBe(true);
    }
  });

  it("sorts by created_at ASC by default and DESC on request", async () => {
    const asc = await list("/api/events/patients?page[size]=100");
    const times = asc.events.map((e) => Date.parse(e.created_at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    const desc = await list("/api/events/patients?page[size]=100&order_by=DESC");
    expect(desc.events.map((e) => e.id)).toEqual(asc.events.map((e) => e.id).reverse());
  });

  it("sorts by event_type where allowed", async () => {
    const body = await list("/api/events/treatment_plans?sort_by=event_type&page[size]=100");
    const types = body.events.map((e) => e.type);
    expect([...types].sort()).toEqual(types);
  });

  it.each(eventTypesIn("patients"))("filters by event_type=%s", async (type) => {
    const body = await list(`/api/events/patients?event_type=${type}&page[size]=100`);
    expect(body.events.length).toBeGreaterThan(0);
    expect(body.events.every((e) => e.type === type)).toBe(true);
  });

  it("filters created_at in every date form", async () => {
    const all = (await list("/api/events/orders?page[size]=100")).events;
    const day = all[0].created_at.slice(0, 10);
    const on = (await list(`/api/events/orders?created_at=${day}&page[size]=100`)).events;
    expect(on.length).toBeGreaterThan(0);
    expect(on.every((e) => e.created_at.startsWith(day))).toBe(true);
    const before = (await list(`/api/events/orders?created_at=%3C${day}`)).events;
    expect(before.every((e) => e.created_at.slice(0, 10) < day)).toBe(true);
    const after = (await list(`/api/events/orders?created_at=%3E${day}&page[size]=100`)).events;
    expect(after.every((e) => e.created_at.slice(0, 10) > day)).toBe(true);
    expect(on.length + after.length).toBe(all.length);
    const range = (await list(`/api/events/orders?created_at=${day}..2025-03-15&page[size]=100`)).events;
    expect(range.length).toBe(all.length);
  });
});

describe("spec 4.4 event list rejections (400 naming the parameter)", () => {
  const rows: [string, string, string][] = [
    ["event_type on lab orders", "/api/events/lab_orders?event_type=lab_order.updated", "event_type"],
    ["sort_by=event_type on lab orders", "/api/events/lab_orders?sort_by=event_type", "sort_by"],
    ["an unknown sort_by", "/api/events/patients?sort_by=id", "sort_by"],
    ["a lower-case order_by", "/api/events/patients?order_by=desc", "order_by"],
    ["an event_type of another list", "/api/events/patients?event_type=order.placed", "event_type"],
    ["an unknown event_type", "/api/events/orders?event_type=order.cancelled", "event_type"],
    ["a malformed date filter", "/api/events/orders?created_at=2025-13-01", "created_at"],
    ["a backwards range", "/api/events/orders?created_at=2025-03-10..2025-03-01", "created_at"],
    ["a timestamp instead of a date", "/api/events/orders?created_at=2025-03-01T00:00:00Z", "created_at"],
    ["an unknown parameter", "/api/events/orders?colour=red", "colour"],
    ["a repeated parameter", "/api/events/orders?order_by=ASC&order_by=DESC", "order_by"],
    ["page[size] over 100", "/api/events/orders?page[size]=101", "page[size]"],
    ["page[number] zero", "/api/events/orders?page[number]=0", "page[number]"],
  ];
  it.each(rows)("refuses %s", async (_label, path, field) => {
    const res = await t.client.api(token, "GET", path);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errors: [{ code: "invalid_parameter", field }] });
  });
});

describe("spec 4.4 / 6.1 rule 1 retrieval and the 30-day window", () => {
  it("retrieves an event of the last 30 days", async () => {
    const e = (await list("/api/events/products")).events[0];
    const res = await t.client.api(token, "GET", `/api/events/${e.id}`);
    expect(EventResponseSchema.parse(res.body).event).toEqual(e);
  });

  it("answers 404 for a 31-day-old event and leaves it out of lists", async () => {
    const now = t.sb.state.clock.now();
    const old = t.sb.state.events.find((e) => e.clinicId === t.clinicA.id && now - e.createdAt > 31 * 86_400_000);
    expect(old).toBeDefined();
    expect((await t.client.api(token, "GET", `/api/events/${old?.id}`)).status).toBe(404);
    const all = await list(`${eventListPath(eventCategoryOf(old!.type))}?page[size]=100`);
    expect(all.events.map((e) => e.id)).not.toContain(old?.id);
  });

  it("answers 404 for another clinic's event", async () => {
    const other = t.sb.state.events.find(
      (e) => e.clinicId === t.clinicB.id && t.sb.state.clock.now() - e.createdAt < 86_400_000 * 20,
    );
    expect((await t.client.api(token, "GET", `/api/events/${other?.id}`)).status).toBe(404);
  });

  it("lets an event age out of the window as the clock moves", async () => {
    const t2 = await startTestSandbox({ clock: { start: "2025-03-15T12:00:00Z", frozen: true } });
    try {
      const created = await t2.client.control<{ event: { id: string } }>("/activity", {
        clinic_id: t2.clinicA.id,
        type: "order.placed",
      });
      const id = created.body.event.id;
      t2.sb.state.clock.advance(29 * 86_400);
      const tk = (await t2.client.signIn(t2.clinicA.staff[0].id)).access_token;
      expect((await t2.client.api(tk, "GET", `/api/events/${id}`)).status).toBe(200);
      t2.sb.state.clock.advance(2 * 86_400);
      const fresh = (await t2.client.signIn(t2.clinicA.staff[0].id)).access_token;
      expect((await t2.client.api(fresh, "GET", `/api/events/${id}`)).status).toBe(404);
    } finally {
      await t2.close();
    }
  });
});

describe("spec 6.1 every event type through clinic activity", () => {
  it.each(EVENT_TYPES.filter((x) => !x.startsWith("clinic_key.")))(
    "%s changes state and is listed at its path",
    async (type) => {
      const res = await t.client.control<{ event: { id: string; type: string } }>("/activity", {
        clinic_id: t.clinicA.id,
        type,
      });
      expect(res.status).toBe(201);
      const listed = await list(`${eventListPath(eventCategoryOf(type))}?order_by=DESC&page[size]=5`);
      expect(listed.events[0].id).toBe(res.body.event.id);
      expect(listed.events[0].type).toBe(type);
    },
  );

  it("patient.created really creates a patient", async () => {
    const before = (await t.client.api<{ meta: { total_count: number } }>(token, "GET", "/api/clinic/patients")).body
      .meta.total_count;
    await t.client.control("/activity", {
      clinic_id: t.clinicA.id,
      type: "patient.created",
      data: { first_name: "Zelda", last_name: "Quinn" },
    });
    const after = await t.client.api<{ patients: { first_name: string }[]; meta: { total_count: number } }>(
      token,
      "GET",
      "/api/clinic/patients?search=zelda",
    );
    expect(after.body.patients[0].first_name).toBe("Zelda");
    expect(
      (await t.client.api<{ meta: { total_count: number } }>(token, "GET", "/api/clinic/patients")).body.meta
        .total_count,
    ).toBe(before + 1);
  });
});
