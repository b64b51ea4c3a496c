// The control API under /__sandbox/ (JSON): reset and seed, webhook endpoint, clinic activity,
// clinic keys, clock and time scale, faults, account version, limits, grants and stats.
// Every input is validated by the schemas in lib/contract/control.ts.
import {
  AccountRequestSchema,
  ActivityRequestSchema,
  ClockAdvanceRequestSchema,
  FaultsRequestSchema,
  TraceRequestSchema,
  IssueClinicKeyRequestSchema,
  ForgetClinicRequestSchema,
  RateLimitRequestSchema,
  RedirectUriRequestSchema,
  ResetRequestSchema,
  RevokeClinicKeyRequestSchema,
  TimeScaleRequestSchema,
  WebhookEndpointRequestSchema,
} from "@/lib/contract";
import type { z } from "zod";
import { runActivity } from "../events/activity";
import { ApiError, notFound } from "../http/errors";
import { json, type Reply } from "../http/reply";
import type { Ctx, Route } from "../http/router";
import { issueKey, revokeKey } from "../platform/clinic-key";
import { applyFaults, describeFaults } from "../platform/faults";
import { forgetClinic } from "../platform/forget";
import { emptyStats } from "../platform/stats";
import { eventRecord } from "../state/serialize";
import { endpointUrlProblem, endpointView, registerEndpoint } from "../webhooks/endpoint";
import { webhookRuntime } from "../webhooks/dispatcher";
import { allDeliveries, grantView, seedView } from "./seed-view";

export interface ControlHooks {
  reset: (seed?: number) => void;
}

function input<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const r = schema.safeParse(body);
  if (r.success) return r.data;
  throw new ApiError(
    422,
    r.error.issues.map((i) => ({
      code: "invalid_value",
      field: i.path.join(".") || (i.code === "unrecognized_keys" ? i.keys.join(",") : "body"),
      message: i.message,
    })),
  );
}

const P = "/__sandbox";
const get = (pattern: string, handler: (ctx: Ctx) => Reply): Route => ({
  method: "GET",
  pattern: P + pattern,
  auth: "none",
  body: "none",
  handler,
});
const post = (pattern: string, handler: (ctx: Ctx) => Reply | Promise<Reply>): Route => ({
  method: "POST",
  pattern: P + pattern,
  auth: "none",
  body: "json",
  handler,
});

export function controlRoutes(hooks: ControlHooks): Route[] {
  return [
    get("/health", ({ s }) =>
      json(200, { status: "ok", seed: s.seed, now: s.clock.iso(), pending_webhook_retries: s.scheduler.pending }),
    ),
    get("/seed", ({ s }) => json(200, seedView(s))),
    post("/reset", ({ s, body }) => {
      hooks.reset(input(ResetRequestSchema, body).seed);
      return json(200, seedView(s));
    }),
    get("/webhook-endpoint", ({ s }) => json(200, endpointView(s.webhookEndpoint))),
    post("/webhook-endpoint", ({ s, body }) => {
      const req = input(WebhookEndpointRequestSchema, body);
      const problem = endpointUrlProblem(req.url);
      if (problem) throw ApiError.of(422, "invalid_value", problem, "url");
      return json(200, endpointView(registerEndpoint(s, req)));
    }),
    post("/activity", ({ s, body }) => {
      const { event, record } = runActivity(s, input(ActivityRequestSchema, body));
      return json(201, { event: event ? eventRecord(event, s.account.patchVersion) : null, record: record ?? null });
    }),
    post("/clinic-keys/revoke", ({ s, body }) => {
      const { clinic_id } = input(RevokeClinicKeyRequestSchema, body);
      if (!s.clinics.has(clinic_id)) throw notFound("clinic");
      const key = revokeKey(s, clinic_id);
      if (!key) throw ApiError.of(409, "conflict", "The clinic has no unrevoked key.");
      return json(200, {
        clinic_key: { id: key.id, revoked_at: new Date(key.revokedAt ?? 0).toISOString() },
        integration_status: s.integrationStatus(clinic_id),
      });
    }),
    post("/clinic-keys/issue", ({ s, body }) => {
      const { clinic_id } = input(IssueClinicKeyRequestSchema, body);
      if (!s.clinics.has(clinic_id)) throw notFound("clinic");
      const current = s.currentKey(clinic_id);
      if (current && current.revokedAt === null)
        throw ApiError.of(409, "conflict", "The clinic's current key is not revoked.");
      const key = issueKey(s, clinic_id);
      return json(201, { clinic_key: { id: key.id, value: key.value } });
    }),
    post("/forget", ({ s, body }) => {
      const { clinic_id } = input(ForgetClinicRequestSchema, body);
      if (!s.clinics.has(clinic_id)) throw notFound("clinic");
      const key = forgetClinic(s, clinic_id);
      return json(200, { clinic_key: { id: key.id, value: key.value } });
    }),
    get("/clock", ({ s }) => json(200, { now: s.clock.iso(), frozen: s.clock.frozen, time_scale: s.timeScale })),
    post("/clock/advance", ({ s, body }) => {
      s.clock.advance(input(ClockAdvanceRequestSchema, body).seconds);
      return json(200, { now: s.clock.iso(), frozen: s.clock.frozen });
    }),
    post("/time-scale", ({ s, body }) => {
      s.timeScale = input(TimeScaleRequestSchema, body).scale;
      return json(200, { time_scale: s.timeScale });
    }),
    get("/faults", ({ s }) => json(200, { faults: describeFaults(s.faults) })),
    post("/faults", ({ s, body }) => {
      const req = input(FaultsRequestSchema, body);
      s.faults = applyFaults(s.faults, req);
      if (req.expire_tokens) for (const t of s.accessTokens.values()) t.expired = true;
      return json(200, { faults: describeFaults(s.faults) });
    }),
    post("/account", ({ s, body }) => {
      const req = input(AccountRequestSchema, body);
      if (req.patch_version) s.account.patchVersion = req.patch_version;
      if (req.people_lists !== undefined) s.account.peopleLists = req.people_lists;
      if (req.event_lists) s.account.eventLists = req.event_lists;
      if (req.documented_records !== undefined) s.account.documentedRecords = req.documented_records;
      return json(200, {
        patch_version: s.account.patchVersion,
        people_lists: s.account.peopleLists,
        event_lists: s.account.eventLists,
        documented_records: s.account.documentedRecords,
      });
    }),
    get("/rate-limit", ({ s }) => json(200, { limit: s.rateLimit.limit, window_seconds: s.rateLimit.windowSeconds })),
    post("/rate-limit", ({ s, body }) => {
      const req = input(RateLimitRequestSchema, body);
      s.rateLimit = { limit: req.limit, windowSeconds: req.window_seconds ?? s.rateLimit.windowSeconds };
      s.rateWindows.clear();
      return json(200, { limit: s.rateLimit.limit, window_seconds: s.rateLimit.windowSeconds });
    }),
    post("/redirect-uris", ({ s, body }) => {
      const req = input(RedirectUriRequestSchema, body);
      const app = s.applications.get(req.client_id);
      if (!app) throw notFound("application");
      if (!app.redirectUris.includes(req.redirect_uri)) app.redirectUris.push(req.redirect_uri);
      return json(200, { client_id: app.clientId, redirect_uris: app.redirectUris });
    }),
    get("/grants", ({ s }) => json(200, { session_grants: [...s.sessionGrants.keys()].map((id) => grantView(s, id)) })),
    get("/grants/:id", ({ s, params }) => {
      const view = grantView(s, params.id);
      if (!view) throw notFound("session grant");
      return json(200, { session_grant: view });
    }),
    get("/deliveries", ({ s }) => json(200, { deliveries: allDeliveries(s) })),
    post("/webhooks/drain", async ({ s }) => {
      // Waits until first attempts queued so far have finished (retries stay scheduled).
      await webhookRuntime(s).queue;
      return json(200, { pending_retries: s.scheduler.pending, deliveries: s.deliveries.length });
    }),
    get("/trace", ({ s }) => json(200, { recording: s.trace !== null, requests: s.trace ?? [] })),
    post("/trace", ({ s, body }) => {
      s.trace = input(TraceRequestSchema, body).record ? [] : null;
      return json(200, { recording: s.trace !== null });
    }),
    get("/stats", ({ s }) => json(200, { stats: s.stats })),
    post("/stats/reset", ({ s }) => {
      s.stats = emptyStats();
      return json(200, { stats: s.stats });
    }),
  ];
}
