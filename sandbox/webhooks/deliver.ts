// One delivery attempt: sign, POST, judge the answer (200/201 with the right challenge within 2 s),
// record it, and schedule the next attempt or disable the endpoint (spec 6.2, 7).
import {
  WEBHOOK_BACKOFF_SECONDS,
  WEBHOOK_DISABLE_AFTER_SECONDS,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_TIMEOUT_MS,
} from "@/lib/contract";
import { takeWebhookFailure } from "../platform/faults";
import { eventRecord } from "../state/serialize";
import type { SandboxState } from "../state/store";
import type { DeliveryRow } from "../state/types";
import { disableEndpoint } from "./endpoint";
import { signatureHeader } from "./signature";

export interface AttemptRuntime {
  generation: number;
  inflight: Set<AbortController>;
  closed: boolean;
}

interface Outcome {
  statusCode: number | null;
  body: string | null;
  error: string | null;
  ok: boolean;
}

async function post(
  url: string,
  headers: Record<string, string>,
  body: string,
  rt: AttemptRuntime,
  challenge: string,
): Promise<Outcome> {
  const abort = new AbortController();
  rt.inflight.add(abort);
  const timer = setTimeout(() => abort.abort(new Error("timeout")), WEBHOOK_TIMEOUT_MS);
  try {
    const res = await fetch(url, { method: "POST", headers, body, signal: abort.signal, redirect: "manual" });
    const text = await res.text();
    const excerpt = text.slice(0, 500);
    if (res.status !== 200 && res.status !== 201)
      return { statusCode: res.status, body: excerpt, error: `status_${res.status}`, ok: false };
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return { statusCode: res.status, body: excerpt, error: "invalid_json_body", ok: false };
    }
    const got =
      typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>).challenge : undefined;
    if (got !== challenge) return { statusCode: res.status, body: excerpt, error: "challenge_mismatch", ok: false };
    return { statusCode: res.status, body: excerpt, error: null, ok: true };
  } catch (err) {
    if (abort.signal.aborted)
      return { statusCode: null, body: null, error: rt.closed ? "sandbox_closed" : "timeout", ok: false };
    const cause = err instanceof Error && err.cause instanceof Error ? err.cause.message : String(err);
    return { statusCode: null, body: null, error: `connection_error: ${cause}`, ok: false };
  } finally {
    clearTimeout(timer);
    rt.inflight.delete(abort);
  }
}

export async function attemptDelivery(
  s: SandboxState,
  rt: AttemptRuntime,
  eventId: string,
  attempt: number,
): Promise<void> {
  const ep = s.webhookEndpoint;
  const event = s.eventsById.get(eventId);
  if (!ep || !ep.enabled || !event || rt.closed) return;
  const generation = rt.generation;
  const body = JSON.stringify({ event: eventRecord(event, s.account.patchVersion) });
  const t = Math.floor((ep.signatureClock === "wall" ? Date.now() : s.clock.now()) / 1000);
  const headers = {
    "content-type": "application/json",
    "user-agent": "clinic-platform-sandbox-webhooks/1",
    [s.headerNames.signature.toLowerCase()]: signatureHeader(ep.signingSecret, t, body),
  };
  const attemptedAt = s.clock.now();
  const started = performance.now();
  const injected = takeWebhookFailure(s.faults);
  if (injected !== null) s.stats.faults_injected += 1;
  const outcome: Outcome =
    injected === null
      ? await post(ep.url, headers, body, rt, ep.challengeToken)
      : { statusCode: injected, body: null, error: `status_${injected}`, ok: false };
  if (rt.closed || generation !== rt.generation || s.webhookEndpoint !== ep) return;

  s.stats.webhook_attempts += 1;
  let nextAttemptAt: number | null = null;
  if (outcome.ok) {
    s.stats.webhook_successes += 1;
    ep.failingSince = null;
  } else {
    s.stats.webhook_failures += 1;
    ep.failingSince ??= attemptedAt;
    if (outcome.statusCode === 410) disableEndpoint(s, "the endpoint answered 410 Gone");
    else if (attemptedAt - ep.failingSince > WEBHOOK_DISABLE_AFTER_SECONDS * 1000)
      disableEndpoint(s, "deliveries failed for more than 24 hours");
    if (ep.enabled && attempt < WEBHOOK_MAX_ATTEMPTS) {
      nextAttemptAt = attemptedAt + Math.round(WEBHOOK_BACKOFF_SECONDS[attempt - 1] * 1000 * s.timeScale);
    }
  }
  const row: DeliveryRow = {
    id: s.ids.next("whd"),
    seq: s.nextSeq(),
    eventId,
    eventType: event.type,
    clinicId: event.clinicId,
    url: ep.url,
    attempt,
    attemptedAt,
    statusCode: outcome.statusCode,
    successfullyDelivered: outcome.ok,
    responseBody: outcome.body,
    error: outcome.error,
    durationMs: Math.round(performance.now() - started),
    nextAttemptAt,
  };
  s.deliveries.push(row);
  if (nextAttemptAt !== null) s.scheduler.at(nextAttemptAt, () => void attemptDelivery(s, rt, eventId, attempt + 1));
}
