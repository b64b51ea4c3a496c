// What each alert says, as a table of kinds, stages and details, read at a given moment.
import { translatorFor } from "@/lib/i18n/translator";
import { describe, expect, it } from "vitest";
import { alertText } from "@/lib/alerts/kinds";

const NOW = new Date("2026-03-01T12:00:00Z");
const webhook = {
  since: "2026-03-01T10:30:00.000Z",
  deadline: "2026-03-02T10:30:00.000Z",
  failedAttempts: 3,
  lastAttemptAt: "2026-03-01T11:30:00.000Z",
  lastProblem: "the app answered HTTP 503",
  disabledBecause: null,
};

describe("alertText", () => {
  const rows: Array<[string, string, string, unknown, Date, boolean, string, RegExp]> = [
    [
      "failing, hours left",
      "webhook_deliveries",
      "failing",
      webhook,
      NOW,
      false,
      "Webhook deliveries are failing",
      /since 1 Mar 2026, 10:30 UTC \(3 failed attempts; last problem: the app answered HTTP 503\).*at 2 Mar 2026, 10:30 UTC, 22 hours from now\./,
    ],
    [
      "failing, in an email",
      "webhook_deliveries",
      "failing",
      webhook,
      NOW,
      true,
      "Webhook deliveries are failing",
      /22 hours after this was sent/,
    ],
    [
      "failing, the 24 hours run out",
      "webhook_deliveries",
      "failing",
      webhook,
      new Date("2026-03-02T11:00:00Z"),
      false,
      "Webhook deliveries are failing",
      /at its next failed delivery: the 24 hours ran out at 2 Mar 2026, 10:30 UTC/,
    ],
    [
      "disabled after a day",
      "webhook_deliveries",
      "disabled",
      { ...webhook, disabledBecause: "failing_24h" },
      NOW,
      false,
      "The platform disabled the webhook endpoint",
      /kept failing for more than 24 hours \(since 1 Mar 2026, 10:30 UTC\).*re-enable the endpoint/,
    ],
    [
      "disabled by a 410",
      "webhook_deliveries",
      "disabled",
      { ...webhook, disabledBecause: "gone" },
      NOW,
      false,
      "The platform disabled the webhook endpoint",
      /answered 410 Gone/,
    ],
    [
      "a person's connection",
      "connection_broken",
      "open",
      { connectionId: "c1", userId: "u1", person: "Maya Ito", reason: null, signInUrl: "https://app/signin" },
      NOW,
      false,
      "Maya Ito has to sign in again",
      /Send them the sign-in link/,
    ],
    [
      "the clinic's connection",
      "connection_broken",
      "open",
      { connectionId: "c1", userId: null, person: "x", reason: "invalid_grant", signInUrl: "https://app/signin" },
      NOW,
      false,
      "The clinic's platform connection has to be replaced",
      /\(invalid_grant\).*An admin replaces it/,
    ],
    [
      "the key revoked",
      "clinic_key_revoked",
      "open",
      { eventId: "evt_1", revokedAt: "2026-03-01T09:00:00.000Z" },
      NOW,
      false,
      "The clinic revoked the clinic key",
      /Since 1 Mar 2026, 09:00 UTC/,
    ],
    [
      "one missed event",
      "missed_events",
      "open",
      { count: 1, byType: { "order.placed": 1 }, runIds: ["r1"], lastRunAt: "2026-03-01T11:45:00.000Z" },
      NOW,
      false,
      "Reconciliation found 1 event the webhooks missed",
      /held 1 event that never arrived by webhook: order\.placed \(1\)/,
    ],
    [
      "details that do not fit their kind",
      "missed_events",
      "open",
      { count: "many" },
      NOW,
      false,
      "An alert of an unknown kind",
      /admin console/,
    ],
  ];
  it.each(rows)("%s", (_name, kind, stage, details, now, sent, title, body) => {
    const text = alertText(kind, stage, details, { say: translatorFor("en"), now, sent });
    expect(text.title).toBe(title);
    expect(text.body).toMatch(body);
  });
});

describe("alertText of a resolved alert", () => {
  it("tells the failure in the past, with no countdown to the deadline", () => {
    // Read a day later, as the alerts page reads a resolved alert.
    const text = alertText("webhook_deliveries", "failing", webhook, {
      say: translatorFor("en"),
      now: new Date("2026-03-02T12:00:00Z"),
      resolved: true,
    });
    expect(text.body).toMatch(/could not deliver events to this app from 1 Mar 2026, 10:30 UTC \(3 failed attempts/);
    expect(text.body).toMatch(/Deliveries work again/);
    expect(text.body).not.toMatch(/from now|hours|disables/);
  });
});
