// The failing streak read from the platform's delivery log, as a table of logs and what they mean.
import { describe, expect, it } from "vitest";
import type { WebhookDelivery } from "@/lib/contract";
import { assessDeliveries } from "@/lib/alerts/detect/webhooks";

const T0 = Date.parse("2026-03-01T10:00:00Z");
const HOUR = 3_600_000;

function attempt(hours: number, ok: boolean, status: number | null = ok ? 200 : 503, error?: string): WebhookDelivery {
  return {
    id: `whd_${hours}`,
    event_id: `evt_${hours}`,
    event_type: "patient.created",
    clinic_id: "clinic_a",
    url: "https://app.example/api/webhooks/clinic",
    attempt: 1,
    attempted_at: new Date(T0 + hours * HOUR).toISOString(),
    status_code: status,
    successfully_delivered: ok,
    response_body: null,
    error: ok ? null : (error ?? `status_${status}`),
    duration_ms: 12,
    next_attempt_at: null,
  };
}

describe("assessDeliveries", () => {
  const rows: Array<
    [string, WebhookDelivery[], null | { stage: string; since: number; failed: number; problem: string }]
  > = [
    ["no attempts", [], null],
    ["the newest attempt was delivered", [attempt(0, false), attempt(1, true)], null],
    [
      "failures since the last delivered one",
      [attempt(0, true), attempt(1, false), attempt(2, false, null, "timeout")],
      { stage: "failing", since: 1, failed: 2, problem: "no answer within the platform's time limit" },
    ],
    [
      "in any order",
      [attempt(2, false), attempt(0, true), attempt(1, false)],
      { stage: "failing", since: 1, failed: 2, problem: "the app answered HTTP 503" },
    ],
    [
      "a failure exactly 24 hours in is not yet more than 24 hours",
      [attempt(0, false), attempt(24, false)],
      { stage: "failing", since: 0, failed: 2, problem: "the app answered HTTP 503" },
    ],
    [
      "a failure more than 24 hours in disables",
      [attempt(0, false), attempt(24.5, false, null, "connection_error: refused")],
      { stage: "disabled", since: 0, failed: 2, problem: "the app could not be reached" },
    ],
    [
      "a 410 disables at once",
      [attempt(0, true), attempt(1, false, 410)],
      { stage: "disabled", since: 1, failed: 1, problem: "the app answered HTTP 410" },
    ],
    [
      "a wrong challenge",
      [attempt(3, false, 200, "challenge_mismatch")],
      { stage: "failing", since: 3, failed: 1, problem: "the answer did not carry the challenge token" },
    ],
  ];
  it.each(rows)("%s", (_name, log, expected) => {
    const finding = assessDeliveries(log);
    if (!expected) return expect(finding).toBeNull();
    expect(finding).toMatchObject({
      key: "webhook_deliveries",
      kind: "webhook_deliveries",
      stage: expected.stage,
      details: {
        since: new Date(T0 + expected.since * HOUR).toISOString(),
        deadline: new Date(T0 + (expected.since + 24) * HOUR).toISOString(),
        failedAttempts: expected.failed,
        lastProblem: expected.problem,
      },
    });
  });
});
