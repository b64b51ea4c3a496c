// Which requests the app server answers itself (webhook deliveries) and which go to Next.js.
import { describe, expect, it } from "vitest";
import { isWebhookDelivery } from "@/lib/server/app-server";

describe("isWebhookDelivery", () => {
  const rows: Array<[string | undefined, string | undefined, boolean]> = [
    ["POST", "/api/webhooks/clinic", true],
    ["POST", "/api/webhooks/clinic?attempt=2", true],
    ["GET", "/api/webhooks/clinic", false],
    ["HEAD", "/api/webhooks/clinic", false],
    ["OPTIONS", "/api/webhooks/clinic", false],
    ["POST", "/api/webhooks/clinic/", false], // Next.js answers its trailing-slash redirect
    ["POST", "/api/webhooks/clinic/extra", false],
    ["POST", "/api/webhooks/clinicx", false],
    ["POST", "/API/webhooks/clinic", false],
    ["POST", "/api/webhooks/%63linic", false],
    ["POST", "//api/webhooks/clinic", false],
    ["POST", "/", false],
    ["POST", undefined, false],
    [undefined, "/api/webhooks/clinic", false],
  ];
  it.each(rows)("%s %s → %s", (method, url, expected) => {
    expect(isWebhookDelivery(method, url)).toBe(expected);
  });
});
