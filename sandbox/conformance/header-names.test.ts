// The clinic key and signature header names are configuration (CLINIC_KEY_HEADER,
// CLINIC_SIGNATURE_HEADER, read by sandbox/server.ts as by the app): with other names the sandbox
// reads the clinic key and signs deliveries under those names only, so a stack configured like the
// real servers agrees end to end. The spec's names are the defaults (every other conformance test).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { headerNamesFrom } from "@/lib/contract";
import { ack, eventOf, verifySignature, webhookWorld } from "../testing/webhook-setup";

const NAMES = headerNamesFrom({ CLINIC_KEY_HEADER: "X-Acme-Clinic-Key", CLINIC_SIGNATURE_HEADER: "Acme-Signature" });

let w: Awaited<ReturnType<typeof webhookWorld>>;
// webhookWorld activates clinic A's key under the configured name (and fails if it is not read).
beforeAll(async () => {
  w = await webhookWorld(ack, {}, { headerNames: NAMES });
});
afterAll(() => w.close());

describe("configured header names", () => {
  it("signs deliveries in the configured header only", async () => {
    const { body } = await w.activity("patient.created");
    await w.receiver.waitFor(2);
    const created = w.receiver.received.find((r) => eventOf(r).id === body.event.id);
    expect(created).toBeDefined();
    if (!created) return;
    expect(verifySignature(created, undefined, NAMES.signature)).toBe(true);
    expect(created.headers["service-signature"]).toBeUndefined();
  });

  it.each([
    ["a wrong key under the configured name is refused", NAMES.clinicKey, 403],
    ["the same under the spec's name is not the clinic key header: unaffected", "X-Service-Clinic-Key", 200],
  ])("%s", async (_name, header, status) => {
    const res = await w.t.client.api(w.token, "GET", "/api/clinic", undefined, { [header]: "ck_not_a_key" });
    expect(res.status).toBe(status);
  });

  it.each([
    [
      "a space",
      { CLINIC_KEY_HEADER: "X Clinic Key" },
      /CLINIC_KEY_HEADER is "X Clinic Key", which is not an HTTP header name/,
    ],
    ["a colon", { CLINIC_SIGNATURE_HEADER: "Sig:" }, /CLINIC_SIGNATURE_HEADER .*unset it to use Service-Signature/],
  ])("refuses to start with a header name with %s", (_name, env, problem) => {
    expect(() => headerNamesFrom(env)).toThrow(problem);
  });

  it("takes the spec's names when the variables are unset or blank", () => {
    expect(headerNamesFrom({ CLINIC_KEY_HEADER: " " })).toEqual({
      clinicKey: "X-Service-Clinic-Key",
      signature: "Service-Signature",
    });
  });
});
