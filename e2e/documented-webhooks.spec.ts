// Every webhook type the platform's documentation shows, sent signed to the running app as the real
// servers send it (lib/contract/documented-webhooks.ts: our own words and ids): each is acknowledged
// with the challenge, shown in words on the timeline, and found by the timeline's search. The
// product.created example names no clinic: it shows on the clinic's timeline as catalog news.
import { createHmac } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { HEADERS } from "@/lib/contract";
import { documentedWebhooks, type DocumentedWebhook } from "@/lib/contract/documented-webhooks";
import { LOCAL_DEFAULTS } from "@/lib/contract/local-defaults";
import { signedPayload } from "@/lib/contract/webhooks";
import { STAFF, currentSession, signInAs } from "./support/session";

const LIVE_TIMEOUT = 20_000;

async function send(page: Page, example: DocumentedWebhook): Promise<void> {
  const raw = JSON.stringify(example.body);
  const t = Math.floor(Date.now() / 1000);
  const v1 = createHmac("sha256", LOCAL_DEFAULTS.webhookSecret).update(signedPayload(t, raw)).digest("hex");
  const answer = await page.request.post("/api/webhooks/clinic", {
    data: raw,
    headers: { "content-type": "application/json", [HEADERS.signature]: `t=${t},v1=${v1}` },
  });
  expect(answer.status(), example.name).toBe(200);
  expect(await answer.json()).toEqual({ challenge: LOCAL_DEFAULTS.webhookChallenge });
}

test("every documented webhook type is acknowledged, told in words on the timeline and found by search", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInAs(page, STAFF);
  const clinicId = (await currentSession(page)).user!.clinicId;
  const tag = Array.from({ length: 5 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join("");
  const examples = documentedWebhooks({
    clinicId,
    practitionerId: "7f1c2b9e-0d4a-4e55-9b8e-3c6a1d2f4b70",
    practitionerName: "(not in the directory)",
    tag,
  });
  // The patient first: its name is what later events about them are told with.
  for (const example of examples) await send(page, example);

  for (const example of examples) {
    // A product.created names no clinic: processing files it under each clinic, keyed by both ids.
    const id = example.body.event.id;
    const rowId = example.type === "product.created" ? `${id}~${clinicId}` : id;
    const row = page.locator(`tr[data-event-id="${rowId}"]`);
    await expect(async () => {
      await page.goto(`/events?q=${encodeURIComponent(example.search)}`);
      await expect(row).toBeVisible({ timeout: 2_000 });
    }, example.name).toPass({ timeout: LIVE_TIMEOUT });
    const summary = row.getByTestId("event-summary");
    // The practitioner is unknown to this clinic's directory: the summary leaves them out.
    for (const words of example.expect.filter((w) => !w.startsWith("by ")))
      await expect(summary, example.name).toContainText(words);
    await expect(summary).not.toContainText("could not be read");
  }
});
