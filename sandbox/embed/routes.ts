// The platform's feature pages, where its embed library opens them:
// GET /api/embeddable/session/treatment_plans/new (the builder) and /api/embeddable/session/embed/entry
// (the `platform` feature: catalog or labs), both with
// ?data_token&secret_token&public_key&frame_id&target_origin, claim a session grant (spec 3: within
// 120 s, once) and show their page, on the patient the data token names (./patient.ts); the builder
// posts its messages only to target_origin. POST /api/embeddable/session/treatment_plans is the
// builder's own backend (save a draft or activate). Activation is a clinic action made in the
// platform's own UI, so it creates `treatment_plan.created` (drafts create nothing). The library's
// tokenize endpoint is ./tokenize.ts.
import {
  EMBED_PLATFORM_PATH,
  EMBED_TOKENIZE_PATH,
  EMBED_TREATMENT_PLAN_PATH,
  SESSION_GRANT_LIFETIME_SECONDS,
} from "@/lib/contract";
import { z } from "zod";
import { secret } from "../core/random";
import { emitEvent } from "../events/emit";
import { ApiError } from "../http/errors";
import { json, type Reply } from "../http/reply";
import type { Ctx, Route } from "../http/router";
import { isAllowedEmbedOrigin } from "../oauth/clients";
import { treatmentPlanRecord } from "../state/serialize";
import type { EmbedSessionRow, TreatmentPlanRow } from "../state/types";
import { planActivatedMessage } from "./messages";
import { builderPage, refusalPage } from "./page";
import { pagePatient, type PagePatient } from "./patient";
import { platformPage } from "./platform-page";
import { EMBED_SAVE_PATH } from "./script";
import { openDataToken, tokenize, tokenizePreflight } from "./tokenize";
const EMBED_SESSION_MS = 3600_000;
const FRAME_ID = /^[A-Za-z0-9_-]{1,100}$/;

function declaredOrigin(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const u = new URL(value);
    return (u.protocol === "http:" || u.protocol === "https:") && u.origin === value ? value : null;
  } catch {
    return null;
  }
}

type Claimed = { ok: true; session: EmbedSessionRow; patient: PagePatient } | { ok: false; reply: Reply };

/** Checks a feature page's parameters and claims its grant, or the page that says why not. */
function claimSession(ctx: Ctx): Claimed {
  const s = ctx.s;
  const refuse = (...page: Parameters<typeof refusalPage>): Claimed => ({ ok: false, reply: refusalPage(...page) });
  const origin = declaredOrigin(ctx.query.target_origin);
  if (!origin)
    return refuse(
      400,
      "Cannot open the embedded feature",
      "The target_origin parameter must be the parent page's origin, e.g. http://localhost:3000.",
      null,
    );
  const frameId = ctx.query.frame_id ?? "";
  if (!FRAME_ID.test(frameId))
    return refuse(
      400,
      "Cannot open the embedded feature",
      "The frame_id parameter must name the frame: letters, digits, - and _ (at most 100).",
      null,
    );
  const grant = [...s.sessionGrants.values()].find((g) => g.secretToken === ctx.query.secret_token);
  if (!grant)
    return refuse(
      404,
      "Sign-in link not recognised",
      "This sign-in link is not valid. Open the feature again from the app.",
      origin,
    );
  const app = s.applications.get(grant.clientId);
  if (!app || !isAllowedEmbedOrigin(app, origin))
    return refuse(
      403,
      "Origin not allowed",
      "This page may only be embedded by the application's registered origins.",
      null,
    );
  if (ctx.query.public_key !== app.publicKey)
    return refuse(
      403,
      "Public key not recognised",
      "The public_key parameter must be the public key of the application that created the session grant (see the API dashboard).",
      origin,
    );
  if (grant.claimedAt !== null)
    return refuse(
      410,
      "Sign-in link already used",
      "This sign-in link was already used. Open the feature again from the app.",
      origin,
    );
  if (s.clock.now() >= grant.expiresAt) {
    return refuse(
      410,
      "Sign-in link expired",
      `Sign-in links are valid for ${SESSION_GRANT_LIFETIME_SECONDS} seconds. Open the feature again from the app.`,
      origin,
    );
  }
  grant.claimedAt = s.clock.now();
  s.stats.session_grants_claimed += 1;
  const session: EmbedSessionRow = {
    token: secret("emb", 24),
    grantId: grant.id,
    clinicId: grant.clinicId,
    clientId: grant.clientId,
    userId: grant.userId,
    origin,
    frameId,
    expiresAt: s.clock.now() + EMBED_SESSION_MS,
  };
  s.embedSessions.set(session.token, session);
  return { ok: true, session, patient: pagePatient(s, session, openDataToken(s, ctx.query.data_token, origin)) };
}

function openBuilder(ctx: Ctx): Reply {
  const claimed = claimSession(ctx);
  return claimed.ok ? builderPage(ctx.s, claimed.session, claimed.patient) : claimed.reply;
}

function openPlatform(ctx: Ctx): Reply {
  const claimed = claimSession(ctx);
  return claimed.ok ? platformPage(ctx.s, claimed.session, claimed.patient, ctx.query.entrypoint) : claimed.reply;
}

const PlanInputSchema = z.strictObject({
  action: z.enum(["draft", "activate"]),
  treatment_plan_id: z.string().nullable().optional(),
  patient_id: z.string().min(1),
  practitioner_id: z.string().nullable().optional(),
  recommendations: z
    .array(z.strictObject({ product_id: z.string().min(1), dosage: z.string().max(200).nullable().optional() }))
    .max(50),
});

function savePlan(ctx: Ctx): Reply {
  const s = ctx.s;
  const header = ctx.req.headers["x-embed-session"];
  const session = typeof header === "string" ? s.embedSessions.get(header) : undefined;
  if (!session || s.clock.now() > session.expiresAt)
    throw ApiError.of(401, "unauthorized", "The embedded session is missing or has ended; open the feature again.");
  const parsed = PlanInputSchema.safeParse(ctx.body);
  if (!parsed.success)
    throw ApiError.of(
      422,
      "invalid_value",
      parsed.error.issues[0].message,
      String(parsed.error.issues[0].path[0] ?? "body"),
    );
  const input = parsed.data;
  const user = s.users.get(session.userId);
  const patient = s.patients.get(input.patient_id);
  if (!patient || patient.clinicId !== session.clinicId)
    throw ApiError.of(422, "invalid_value", "Pick a patient of this clinic.", "patient_id");
  const practitionerId = user?.type === "Practitioner" ? user.id : input.practitioner_id;
  const practitioner = practitionerId ? s.users.get(practitionerId) : undefined;
  if (!practitioner || practitioner.type !== "Practitioner" || practitioner.clinicId !== session.clinicId)
    throw ApiError.of(422, "invalid_value", "Pick a practitioner of this clinic.", "practitioner_id");
  for (const r of input.recommendations) {
    const product = s.products.get(r.product_id);
    if (!product || product.clinicId !== session.clinicId)
      throw ApiError.of(
        422,
        "invalid_value",
        "A recommended product is not in this clinic's catalog.",
        "recommendations",
      );
  }
  if (input.action === "activate" && input.recommendations.length === 0)
    throw ApiError.of(422, "required", "Add at least one recommendation before activating.", "recommendations");
  const now = s.clock.now();
  let plan: TreatmentPlanRow | undefined = input.treatment_plan_id
    ? s.treatmentPlans.get(input.treatment_plan_id)
    : undefined;
  if (input.treatment_plan_id && (!plan || plan.clinicId !== session.clinicId || plan.state !== "draft"))
    throw ApiError.of(422, "invalid_value", "Only a draft of this clinic can be continued.", "treatment_plan_id");
  if (!plan) {
    plan = {
      id: s.ids.next("tp"),
      clinicId: session.clinicId,
      patientId: patient.id,
      practitionerId: practitioner.id,
      state: "draft",
      recommendations: [],
      labRecommendations: [],
      createdAt: now,
      updatedAt: now,
    };
    s.treatmentPlans.set(plan.id, plan);
  }
  plan.patientId = patient.id;
  plan.practitionerId = practitioner.id;
  plan.recommendations = input.recommendations.map((r) => ({
    id: s.ids.next("rec"),
    productId: r.product_id,
    dosage: r.dosage ?? null,
  }));
  plan.updatedAt = now;
  if (input.action === "draft") return json(200, { treatment_plan: treatmentPlanRecord(s, plan) });
  plan.state = "active";
  emitEvent(s, { clinicId: session.clinicId, type: "treatment_plan.created", object: treatmentPlanRecord(s, plan) });
  // The page forwards `message` to its parent as it is.
  return json(201, {
    treatment_plan: treatmentPlanRecord(s, plan),
    message: planActivatedMessage(s, session, plan),
  });
}

export const embedRoutes: Route[] = [
  { method: "GET", pattern: EMBED_TREATMENT_PLAN_PATH, auth: "none", body: "none", handler: openBuilder },
  { method: "GET", pattern: EMBED_PLATFORM_PATH, auth: "none", body: "none", handler: openPlatform },
  // The body is read by the handler, so that a refusal of it carries the CORS headers too.
  { method: "POST", pattern: EMBED_TOKENIZE_PATH, auth: "none", body: "none", handler: tokenize },
  { method: "OPTIONS", pattern: EMBED_TOKENIZE_PATH, auth: "none", body: "none", handler: tokenizePreflight },
  { method: "POST", pattern: EMBED_SAVE_PATH, auth: "none", body: "json", handler: savePlan },
];
