// POST /api/webhooks/clinic over real HTTP against the built app: the challenge answer, exactly-once
// storage (seen through the timeline of the event's clinic), generic refusals, the body cap.
import { createHmac, randomUUID } from "node:crypto";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { LOCAL_DEFAULTS } from "@/lib/contract/local-defaults";
import { STAFF, sandboxControl, signInAs } from "./support/session";

// The e2e stack runs with the local defaults for the webhook secret and challenge.
const SECRET: string = LOCAL_DEFAULTS.webhookSecret;
const CHALLENGE = { challenge: LOCAL_DEFAULTS.webhookChallenge };
const REFUSED = { error: "invalid request" };
const ROUTE = "/api/webhooks/clinic";

function sign(body: string, secret = SECRET, t = Math.floor(Date.now() / 1000)): string {
  return `t=${t},v1=${createHmac("sha256", secret).update(`${t}.${body}`).digest("hex")}`;
}

function eventBody(id: string, clinicId: string): string {
  return JSON.stringify({
    event: {
      id,
      type: "patient.updated",
      clinic_id: clinicId,
      integration_id: null,
      created_at: new Date().toISOString(),
      data: { patient: { id: `p-${id}` } },
    },
  });
}

async function post(request: APIRequestContext, body: string, signature?: string) {
  // As bytes: Playwright sends a string that is not valid JSON under a JSON content type re-encoded
  // as a JSON string ("" would arrive as `""`), and the signature is over the exact bytes.
  const response = await request.post(ROUTE, {
    data: Buffer.from(body, "utf8"),
    headers: { "content-type": "application/json", ...(signature ? { "Service-Signature": signature } : {}) },
  });
  return { status: response.status(), body: await response.json().catch(() => null) };
}

async function clinicId(page: Page, index: number): Promise<string> {
  return (await sandboxControl<{ clinics: { id: string }[] }>(page, "seed")).clinics[index].id;
}

/** Rows of the timeline whose event id is `id`, as staff of clinic 0 sees them. */
async function rowsFor(page: Page, id: string) {
  await page.goto(`/events?q=${encodeURIComponent(id)}`);
  return page.locator(`tr[data-event-id="${id}"]`);
}

test("an empty-body verification request gets the challenge", async ({ request }) => {
  expect(await post(request, "")).toEqual({ status: 200, body: CHALLENGE });
});

test("a signed event is stored once however often it is delivered", async ({ page, request }) => {
  const id = `evt_e2e_${randomUUID()}`;
  const body = eventBody(id, await clinicId(page, 0));
  expect(await post(request, body, sign(body))).toEqual({ status: 200, body: CHALLENGE });
  expect(await post(request, body, sign(body))).toEqual({ status: 200, body: CHALLENGE });
  await signInAs(page, STAFF);
  await expect(await rowsFor(page, id)).toHaveCount(1);
});

test("refusals are generic and store nothing", async ({ page, request }) => {
  const id = `evt_e2e_bad_${randomUUID()}`;
  const body = eventBody(id, await clinicId(page, 0));
  const now = Math.floor(Date.now() / 1000);
  const rows: Array<[string, string | undefined, number]> = [
    ["no signature", undefined, 400],
    ["malformed header", "nonsense", 400],
    ["wrong secret", sign(body, "some-other-secret-entirely"), 401],
    ["stale timestamp", sign(body, SECRET, now - 400), 401],
    ["future timestamp", sign(body, SECRET, now + 400), 401],
  ];
  for (const [name, signature, status] of rows) {
    expect(await post(request, body, signature), name).toEqual({ status, body: REFUSED });
  }
  const tampered = body.replace("patient.updated", "patient.created");
  expect(await post(request, tampered, sign(body))).toEqual({ status: 401, body: REFUSED });
  await signInAs(page, STAFF);
  await expect(await rowsFor(page, id)).toHaveCount(0);
});

test("a body over 256 KiB is refused with 413 before it is read", async ({ request }) => {
  const big = JSON.stringify({ event: { padding: "x".repeat(300 * 1024) } });
  const response = await request.post(ROUTE, {
    data: big,
    headers: { "content-type": "application/json", "Service-Signature": sign(big) },
  });
  expect(response.status()).toBe(413);
});

test("other methods are not allowed", async ({ request }) => {
  expect((await request.get(ROUTE)).status()).toBe(405);
});
