// Spec 5.5: a clinic-level token (application created before 26 August 2021) acts for the whole
// clinic on practitioner resources (spec 4.2), whoever approved the connection; other clinics stay
// out of reach (404), and a shared resource is still changed only through its owner.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SandboxResourceListResponseSchema, SandboxResourceResponseSchema } from "../state/records";
import { startTestSandbox } from "../testing/harness";
import { dataUri, FILES } from "../testing/files";

let t: Awaited<ReturnType<typeof startTestSandbox>>;
let byStaff: string;
let byPractitioner: string;
beforeAll(async () => {
  t = await startTestSandbox();
  byStaff = (await t.client.signIn(t.clinicA.staff[1].id, "clinic")).access_token;
  byPractitioner = (await t.client.signIn(t.clinicA.practitioners[0].id, "clinic")).access_token;
});
afterAll(() => t.close());

const pathOf = (id: string) => `/api/clinic/practitioners/${id}/resources`;
const input = {
  name: "Clinic-wide handout",
  type: "Handout",
  attachment: dataUri(FILES.png, "image/png"),
  attachment_filename: "h.png",
  save_to_library: "false",
};

describe("spec 5.5 clinic-level token on practitioner resources", () => {
  it.each([
    ["approved by staff", () => byStaff],
    ["approved by a practitioner, acting for a colleague", () => byPractitioner],
  ])(
    "%s: lists, creates, retrieves, updates and deletes any practitioner's resources of its clinic",
    async (_label, token) => {
      for (const prac of t.clinicA.practitioners.slice(1)) {
        const listed = SandboxResourceListResponseSchema.parse(
          (await t.client.api(token(), "GET", `${pathOf(prac.id)}?page[size]=100`)).body,
        );
        expect(listed.resources.length).toBeGreaterThan(0);
        expect(
          listed.resources.every(
            (r) => r.practitioner_id === prac.id || r.shared_with_practitioner_ids?.includes(prac.id),
          ),
        ).toBe(true);
        const created = await t.client.api(token(), "POST", pathOf(prac.id), input);
        expect(created.status).toBe(201);
        const { resource } = SandboxResourceResponseSchema.parse(created.body);
        expect(resource.practitioner_id).toBe(prac.id);
        expect((await t.client.api(token(), "GET", `${pathOf(prac.id)}/${resource.id}`)).status).toBe(200);
        const updated = await t.client.api(token(), "PUT", `${pathOf(prac.id)}/${resource.id}`, { name: "Renamed" });
        expect(SandboxResourceResponseSchema.parse(updated.body).resource.name).toBe("Renamed");
        expect((await t.client.api(token(), "DELETE", `${pathOf(prac.id)}/${resource.id}`)).status).toBe(200);
        expect((await t.client.api(token(), "GET", `${pathOf(prac.id)}/${resource.id}`)).status).toBe(404);
      }
    },
  );

  it("cannot reach another clinic's practitioners or resources (404)", async () => {
    const other = t.clinicB.practitioners[0].id;
    const theirs = [...t.sb.state.resources.values()].find((r) => r.practitionerId === other);
    expect((await t.client.api(byStaff, "GET", pathOf(other))).status).toBe(404);
    expect((await t.client.api(byStaff, "POST", pathOf(other), input)).status).toBe(404);
    expect((await t.client.api(byStaff, "GET", `${pathOf(other)}/${theirs?.id}`)).status).toBe(404);
    const own = t.clinicA.practitioners[0].id;
    expect((await t.client.api(byStaff, "GET", `${pathOf(own)}/${theirs?.id}`)).status).toBe(404);
  });

  it("reads a shared resource through the colleague it is shared with, but changes it only through its owner", async () => {
    const shared = [...t.sb.state.resources.values()].find(
      (r) => r.clinicId === t.clinicA.id && r.sharedWith.length > 0,
    );
    expect(shared).toBeDefined();
    const colleague = shared?.sharedWith[0] ?? "";
    expect((await t.client.api(byStaff, "GET", `${pathOf(colleague)}/${shared?.id}`)).status).toBe(200);
    expect((await t.client.api(byStaff, "PUT", `${pathOf(colleague)}/${shared?.id}`, { name: "x" })).status).toBe(403);
    expect(
      (
        await t.client.api(byStaff, "PUT", `${pathOf(shared?.practitionerId ?? "")}/${shared?.id}`, {
          name: "Owner's edit",
        })
      ).status,
    ).toBe(200);
  });
});
