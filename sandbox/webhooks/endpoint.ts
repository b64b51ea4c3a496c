// The one webhook endpoint of this environment (spec 6.2.1), registered through the control API.
import { EVENT_TYPES, type WebhookEndpointRequest } from "@/lib/contract";
import type { SandboxState } from "../state/store";
import type { WebhookEndpointRow } from "../state/types";

/** HTTPS is required (spec 6.2.3); plain HTTP is accepted for loopback receivers only. */
export function endpointUrlProblem(url: string): string | null {
  const u = new URL(url);
  if (u.protocol === "https:") return null;
  const loopback = u.hostname === "localhost" || u.hostname === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(u.hostname);
  if (u.protocol === "http:" && loopback) return null;
  return "url must use https (plain http is allowed for loopback addresses only)";
}

export function registerEndpoint(s: SandboxState, req: WebhookEndpointRequest): WebhookEndpointRow {
  s.webhookEndpoint = {
    url: req.url,
    eventTypes: req.event_types ? [...new Set(req.event_types)] : [...EVENT_TYPES],
    signingSecret: req.signing_secret,
    challengeToken: req.challenge_token,
    // Registering again re-enables unless the caller explicitly asks for a disabled endpoint.
    enabled: req.enabled ?? true,
    disabledReason: req.enabled === false ? "disabled by the control API" : null,
    failingSince: null,
    signatureClock: req.signature_clock ?? "sandbox",
  };
  return s.webhookEndpoint;
}

export function disableEndpoint(s: SandboxState, reason: string): void {
  if (s.webhookEndpoint && s.webhookEndpoint.enabled) {
    s.webhookEndpoint.enabled = false;
    s.webhookEndpoint.disabledReason = reason;
  }
}

export function endpointView(ep: WebhookEndpointRow | null) {
  if (!ep) return { endpoint: null };
  return {
    endpoint: {
      url: ep.url,
      event_types: ep.eventTypes,
      enabled: ep.enabled,
      disabled_reason: ep.disabledReason,
      failing_since: ep.failingSince === null ? null : new Date(ep.failingSince).toISOString(),
      signature_clock: ep.signatureClock,
    },
  };
}
