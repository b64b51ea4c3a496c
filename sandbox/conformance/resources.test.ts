// Spec 2.2 and 4.2: practitioner resources — every input rule, file checks by content, access.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiErrorBodySchema, MAX_RESOURCE_FILE_BYTES } from "@/lib/contract";
import {
  SandboxResourceListResponseSchema,
  SandboxResourceResponseSchema,
  SandboxServiceResourceListResponseSchema,
} from "../state/records";
import { http, startTestSandbox } from "../testing/harness";
import { dataUri, FILES } from "../testing/files";

let t: Awaited<ReturnType<typeof startTestSandbox>>;
let token: string;
let path: string;
beforeAll(async () => {
  t = await startTestSandbox();
  token = (await t.client.signIn(t.clinicA.practitioners[0].id)).access_token;
  path = `/api/clinic/practitioners/${t.clinicA.practitioners[0].id}/resources`;
});
afterAll(() => t.close());

const valid = () => ({
  name: "Sleep guide",
  type: "Guide",
  category: "Lifestyle",
  attachment: dataUri(FILES.pdf, "application/pdf"),
  attachment_filename: "sleep.pdf",
  save_to_library: "true",
});

describe("spec 2.2 resource input: accepted values", () => {
  it.each([
    ["jpg", FILES.jpg],
    ["jpeg", FILES.jpg],
    ["png", FILES.png],
    ["pdf", FILES.pdf],
    ["doc", FILES.doc],
    ["xlsx", FILES.xlsx],
    ["pptx", FILES.pptx],
  ])("accepts a .%s file whose content matches", async (ext, bytes) => {
    const res = await t.client.api(token, "POST", path, {
      ...valid(),
      attachment: dataUri(bytes),
      attachment_filename: `file.${ext}`,
    });
    expect(res.status).toBe(201);
    const { resource } = SandboxResourceResponseSchema.parse(res.body);
    expect(resource.attachment).toMatchObject({ file_name: `file.${ext}`, byte_size: bytes.length });
    const download = await fetch(resource.attachment.url);
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it.each(["Guide", "Handout", "Infographic", "Meal plan", "Workbook"])("accepts type %s", async (type) => {
    expect((await t.client.api(token, "POST", path, { ...valid(), type })).status).toBe(201);
  });

  it.each(["Nutrition", "Lifestyle", "Physical activity", "Supplements", "Health conditions"])(
    "accepts category %s",
    async (category) => {
      expect((await t.client.api(token, "POST", path, { ...valid(), category })).status).toBe(201);
    },
  );

  it("treats type, category and treatment_plan_id as optional and save_to_library as a boolean string", async () => {
    const { type: _t, category: _c, ...rest } = valid();
    void _t;
    void _c;
    const res = await t.client.api(token, "POST", path, { ...rest, save_to_library: "false" });
    expect(res.status).toBe(201);
    expect(SandboxResourceResponseSchema.parse(res.body).resource).toMatchObject({
      type: null,
      category: null,
      treatment_plan_id: null,
      save_to_library: false,
    });
  });
});

describe("spec 2.2 resource input: rejections (422 naming the field)", () => {
  const big = Buffer.concat([FILES.pdf, Buffer.alloc(MAX_RESOURCE_FILE_BYTES + 1 - FILES.pdf.length)]);
  const rows: [string, Record<string, unknown>, string, string][] = [
    ["a type outside the enum", { type: "Poster" }, "type", "invalid_value"],
    ["a lower-case type", { type: "guide" }, "type", "invalid_value"],
    ["a category outside the enum", { category: "Sleep" }, "category", "invalid_value"],
    ["a missing name", { name: undefined }, "name", "required"],
    ["an empty name", { name: "  " }, "name", "invalid_value"],
    ["a missing attachment", { attachment: undefined }, "attachment", "required"],
    ["a missing save_to_library", { save_to_library: undefined }, "save_to_library", "required"],
    ["save_to_library as a JSON boolean", { save_to_library: true }, "save_to_library", "invalid_value"],
    ["save_to_library 'yes'", { save_to_library: "yes" }, "save_to_library", "invalid_value"],
    [
      "a disallowed extension (.gif)",
      { attachment: dataUri(FILES.gif), attachment_filename: "a.gif" },
      "attachment_filename",
      "file_type_not_allowed",
    ],
    [
      "a renamed executable (.pdf)",
      { attachment: dataUri(FILES.exe), attachment_filename: "guide.pdf" },
      "attachment",
      "file_type_not_allowed",
    ],
    [
      "an executable named .exe",
      { attachment: dataUri(FILES.exe), attachment_filename: "setup.exe" },
      "attachment_filename",
      "file_type_not_allowed",
    ],
    [
      "a png named .pdf",
      { attachment: dataUri(FILES.png), attachment_filename: "guide.pdf" },
      "attachment_filename",
      "file_type_mismatch",
    ],
    [
      "a docx renamed .xlsx",
      { attachment: dataUri(FILES.docx), attachment_filename: "sheet.xlsx" },
      "attachment",
      "file_type_not_allowed",
    ],
    [
      "an xlsx named .pptx",
      { attachment: dataUri(FILES.xlsx), attachment_filename: "deck.pptx" },
      "attachment_filename",
      "file_type_mismatch",
    ],
    [
      "an attachment that is not a data URI",
      { attachment: "https://example.com/a.pdf" },
      "attachment",
      "invalid_attachment",
    ],
    ["an empty file", { attachment: "data:application/pdf;base64," }, "attachment", "invalid_attachment"],
    [
      "a file over 10 MiB",
      { attachment: dataUri(big), attachment_filename: "big.pdf" },
      "attachment",
      "file_too_large",
    ],
    ["an unknown treatment plan", { treatment_plan_id: "tp_unknown" }, "treatment_plan_id", "invalid_value"],
  ];
  it.each(rows)("refuses %s", async (_label, change, field, code) => {
    const res = await t.client.api(token, "POST", path, { ...valid(), ...change });
    expect(res.status).toBe(422);
    const body = ApiErrorBodySchema.parse(res.body);
    expect(body.errors).toContainEqual(expect.objectContaining({ field, code }));
  });

  it("refuses a body that is not JSON with 400 and a non-JSON content type with 415", async () => {
    const bad = await http(`${t.client.url}${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: "{nope",
    });
    expect(bad.status).toBe(400);
    const xml = await http(`${t.client.url}${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "text/xml" },
      body: "<a/>",
    });
    expect(xml.status).toBe(415);
  });
});

describe("spec 4.2 practitioner resource operations", () => {
  it("creates, retrieves, updates (fields and file), lists and deletes", async () => {
    const plans = await t.client.api<{ treatment_plans: { id: string }[] }>(
      token,
      "GET",
      "/api/clinic/treatment_plans",
    );
    const planId = plans.body.treatment_plans[0].id;
    const created = SandboxResourceResponseSchema.parse(
      (await t.client.api(token, "POST", path, { ...valid(), treatment_plan_id: planId })).body,
    ).resource;
    expect(created.treatment_plan_id).toBe(planId);
    const got = await t.client.api(token, "GET", `${path}/${created.id}`);
    expect(SandboxResourceResponseSchema.parse(got.body).resource.id).toBe(created.id);

    const updated = await t.client.api(token, "PUT", `${path}/${created.id}`, {
      name: "Renamed",
      type: "Handout",
      category: null,
      save_to_library: "false",
      attachment: dataUri(FILES.png),
      attachment_filename: "new.png",
    });
    expect(updated.status).toBe(200);
    expect(SandboxResourceResponseSchema.parse(updated.body).resource).toMatchObject({
      name: "Renamed",
      type: "Handout",
      category: null,
      save_to_library: false,
      attachment: { file_name: "new.png", content_type: "image/png" },
    });

    const badUpdate = await t.client.api(token, "PUT", `${path}/${created.id}`, {
      attachment: dataUri(FILES.exe),
      attachment_filename: "x.pdf",
    });
    expect(badUpdate.status).toBe(422);
    expect((await t.client.api(token, "PUT", `${path}/${created.id}`, {})).status).toBe(422);
    expect((await t.client.api(token, "PUT", `${path}/${created.id}`, { attachment: dataUri(FILES.png) })).status).toBe(
      422,
    );

    const list = SandboxResourceListResponseSchema.parse(
      (await t.client.api(token, "GET", `${path}?page[size]=100`)).body,
    );
    expect(list.resources.map((r) => r.id)).toContain(created.id);

    expect((await t.client.api(token, "DELETE", `${path}/${created.id}`)).status).toBe(200);
    expect((await t.client.api(token, "GET", `${path}/${created.id}`)).status).toBe(404);
  });

  it("creates no event for actions made through the API (spec 6.1 rule 2)", async () => {
    const before = t.sb.state.events.length;
    const created = SandboxResourceResponseSchema.parse(
      (await t.client.api(token, "POST", path, valid())).body,
    ).resource;
    await t.client.api(token, "PUT", `${path}/${created.id}`, { name: "x" });
    await t.client.api(token, "DELETE", `${path}/${created.id}`);
    await t.client.api(token, "POST", "/api/clinic/embeddable/session_grants", {});
    expect(t.sb.state.events.length).toBe(before);
  });

  it("lists what the practitioner made or what was shared with them, and only the owner may change it", async () => {
    const [owner, other] = t.clinicA.practitioners;
    const shared = [...t.sb.state.resources.values()].find(
      (r) => r.practitionerId === owner.id && r.sharedWith.includes(other.id),
    );
    expect(shared).toBeDefined();
    const otherToken = (await t.client.signIn(other.id)).access_token;
    const otherPath = `/api/clinic/practitioners/${other.id}/resources`;
    const list = SandboxResourceListResponseSchema.parse(
      (await t.client.api(otherToken, "GET", `${otherPath}?page[size]=100`)).body,
    );
    expect(list.resources.map((r) => r.id)).toContain(shared?.id);
    expect(
      list.resources.every((r) => r.practitioner_id === other.id || r.shared_with_practitioner_ids?.includes(other.id)),
    ).toBe(true);
    expect((await t.client.api(otherToken, "GET", `${otherPath}/${shared?.id}`)).status).toBe(200);
    expect((await t.client.api(otherToken, "DELETE", `${otherPath}/${shared?.id}`)).status).toBe(403);
    const notShared = [...t.sb.state.resources.values()].find(
      (r) => r.practitionerId === owner.id && !r.sharedWith.includes(other.id),
    );
    expect((await t.client.api(otherToken, "GET", `${otherPath}/${notShared?.id}`)).status).toBe(404);
  });

  it.each([
    ["another practitioner of the same clinic acting for the first", "practitionerOther", 404],
    ["staff of the same clinic", "staffSame", 200],
    ["staff of another clinic", "staffOther", 404],
    ["a practitioner of another clinic", "practitionerOtherClinic", 404],
  ] as const)("%s (%s) → %i", async (_label, who, status) => {
    const users = {
      practitionerOther: t.clinicA.practitioners[1].id,
      staffSame: t.clinicA.staff[0].id,
      staffOther: t.clinicB.staff[0].id,
      practitionerOtherClinic: t.clinicB.practitioners[0].id,
    };
    const tk = (await t.client.signIn(users[who])).access_token;
    expect((await t.client.api(tk, "GET", path)).status).toBe(status);
    const create = await t.client.api(tk, "POST", path, valid());
    expect(create.status).toBe(status === 200 ? 201 : 404);
  });

  it("lists the service's own resources", async () => {
    const res = await t.client.api(token, "GET", "/api/clinic/service_resources");
    const body = SandboxServiceResourceListResponseSchema.parse(res.body);
    expect(body.service_resources.length).toBeGreaterThan(0);
    expect(body.meta.total_count).toBe(t.sb.state.serviceResources.length);
  });
});
