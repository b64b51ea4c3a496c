// The embedded feature as the platform documents it (its embed library, `@fullscript/fullscript-js`,
// and developer docs): the library opens an iframe of a feature's page on the platform's *web*
// address with a session grant's secret token, after posting the patient's details to the
// platform's tokenize endpoint, and files the messages that page posts to its parent. The app mounts
// it through the library itself; these are the shapes both ends agree on (the sandbox plays the
// platform's side). Read by the browser, so its schemas are zod/mini: the same checks at a fraction
// of the weight of zod's classic API.
import * as z from "zod/mini";

/** The treatment plan page, on the platform's web address (not its API host, on the real servers). */
export const EMBED_TREATMENT_PLAN_PATH = "/api/embeddable/session/treatment_plans/new";
/** The library's `platform` feature (the catalog or labs, as `entrypoint` says). */
export const EMBED_PLATFORM_PATH = "/api/embeddable/session/embed/entry";
/** Where the library posts a patient's details before opening a feature; answers `{data_token}`. */
export const EMBED_TOKENIZE_PATH = "/api/embeddable/tokenize";

/** The library's features, by its own names, and the page each opens. */
export const EMBED_FEATURE_PATHS = {
  treatmentPlan: EMBED_TREATMENT_PLAN_PATH,
  platform: EMBED_PLATFORM_PATH,
} as const;
export type EmbedFeatureType = keyof typeof EMBED_FEATURE_PATHS;

/** The `platform` feature's entry points. */
export const EMBED_ENTRYPOINTS = ["catalog", "labs"] as const;
export type EmbedEntrypoint = (typeof EMBED_ENTRYPOINTS)[number];

export interface EmbedAddress {
  /** The platform's web address (configuration: CLINIC_WEB_URL). */
  webUrl: string;
  /** The session grant's secret token: single use, within 120 seconds. */
  secretToken: string;
  /** The application's public key from the platform's API dashboard (CLINIC_EMBED_PUBLIC_KEY). */
  publicKey: string;
  /** Names this mount; the frame's messages carry it in their type. */
  frameId: string;
  /** The parent page's origin: the only one the frame posts its messages to. */
  targetOrigin: string;
  /** The feature; the treatment plan builder unless said. */
  feature?: EmbedFeatureType;
  /** The platform feature's entry point. */
  entrypoint?: EmbedEntrypoint;
  /** What tokenize answered for the patient, or "null" when that call failed (as the library sends it). */
  dataToken?: string;
}

/**
 * The address the platform's library opens (the app lets the library build it; the sandbox's tests
 * build it here): `data_token` first when a patient was passed, then the feature's parameters.
 */
export function embedUrl(a: EmbedAddress): string {
  const q = new URLSearchParams({
    ...(a.dataToken !== undefined ? { data_token: a.dataToken } : {}),
    secret_token: a.secretToken,
    ...(a.entrypoint && a.feature === "platform" ? { entrypoint: a.entrypoint } : {}),
    public_key: a.publicKey,
    frame_id: a.frameId,
    target_origin: a.targetOrigin,
  });
  return `${a.webUrl.replace(/\/+$/, "")}${EMBED_FEATURE_PATHS[a.feature ?? "treatmentPlan"]}?${q.toString()}`;
}

/**
 * A patient as the library's tokenize call sends them: `{data: …}` with the library's patient
 * fields snake-cased. Exact: what the app passes and what the sandbox accepts (an unknown field is
 * refused, so a typo cannot pass silently).
 */
export const TokenizePatientSchema = z.strictObject({
  id: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
  first_name: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(100))),
  last_name: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(100))),
  email: z.optional(z.email()),
  mobile_number: z.optional(z.string().check(z.maxLength(30))),
  date_of_birth: z.optional(z.iso.date()),
  gender: z.optional(z.enum(["male", "female", "prefer not to say"])),
  biological_sex: z.optional(z.enum(["male", "female", "prefer not to say"])),
  discount: z.optional(z.number().check(z.gte(0), z.lte(100))),
});
export type TokenizePatient = z.infer<typeof TokenizePatientSchema>;
export const TokenizeRequestSchema = z.strictObject({ data: TokenizePatientSchema });
export const TokenizeResponseSchema = z.object({ data_token: z.string().check(z.minLength(1)) });

/** The documented events of the treatment plan feature. */
export const EMBED_EVENTS = {
  /** The practitioner or staff member finalized the plan; with the plan. */
  treatmentPlanActivated: "treatmentPlan.activated",
  /** A patient was created or selected; with the patient. */
  patientSelected: "patient.selected",
} as const;
export type EmbedEventName = (typeof EMBED_EVENTS)[keyof typeof EMBED_EVENTS];

// What the documentation shows is required; everything else optional, unknown keys kept (the
// platform adds keys without notice). Field names are the documentation's camelCase.
const Id = z.string().check(z.minLength(1));
const Name = z.optional(z.nullable(z.string()));

export const EmbedPatientSchema = z.looseObject({ id: Id, firstName: Name, lastName: Name, email: Name });
export type EmbedPatient = z.infer<typeof EmbedPatientSchema>;

export const EmbedTreatmentPlanSchema = z.looseObject({
  id: Id,
  state: z.optional(z.string()),
  patient: z.optional(z.looseObject({ id: Id, firstName: Name, lastName: Name })),
  practitioner: z.optional(z.looseObject({ id: Id })),
  availableAt: z.optional(z.nullable(z.string())),
});
export type EmbedTreatmentPlan = z.infer<typeof EmbedTreatmentPlanSchema>;

const PlanDataSchema = z.looseObject({ treatmentPlan: EmbedTreatmentPlanSchema });
const PatientDataSchema = z.looseObject({ patient: EmbedPatientSchema });

/**
 * A posted message: `{type, payload}`. The library files each message under `<frame_id>.<event>`,
 * and hands a listener the payload: an event (`{id, type, data, createdAt, clinicId, oauth}`) whose
 * `data` is `{treatmentPlan}` or `{patient}`, which the docs also show alone.
 */
const EnvelopeSchema = z.looseObject({ type: z.string(), payload: z.unknown() });
const EventPayloadSchema = z.looseObject({ data: z.record(z.string(), z.unknown()) });

export type EmbedMessage =
  | { event: typeof EMBED_EVENTS.treatmentPlanActivated; treatmentPlan: EmbedTreatmentPlan }
  | { event: typeof EMBED_EVENTS.patientSelected; patient: EmbedPatient };

/** The event a message's type names for this frame: `<event>`, or `<frame_id>.<event>` with our id. */
function eventOf(type: string, frameId: string): EmbedEventName | null {
  const bare = type.startsWith(`${frameId}.`) ? type.slice(frameId.length + 1) : type;
  return bare === EMBED_EVENTS.treatmentPlanActivated || bare === EMBED_EVENTS.patientSelected ? bare : null;
}

/** One of the documented messages for the frame `frameId`, or null for anything else. */
export function readEmbedMessage(data: unknown, frameId: string): EmbedMessage | null {
  const envelope = EnvelopeSchema.safeParse(data);
  if (!envelope.success) return null;
  const event = eventOf(envelope.data.type, frameId);
  if (!event) return null;
  const wrapped = EventPayloadSchema.safeParse(envelope.data.payload);
  const body = wrapped.success ? wrapped.data.data : envelope.data.payload;
  if (event === EMBED_EVENTS.treatmentPlanActivated) {
    const plan = PlanDataSchema.safeParse(body);
    return plan.success ? { event, treatmentPlan: plan.data.treatmentPlan } : null;
  }
  const patient = PatientDataSchema.safeParse(body);
  return patient.success ? { event, patient: patient.data.patient } : null;
}

/** The message the platform's page posts, as the sandbox builds it (the library's event shape). */
export function embedMessageEnvelope(
  frameId: string,
  event: EmbedEventName,
  data: Record<string, unknown>,
  meta: { id: string; createdAt: string; clinicId: string; clientId: string },
): { type: string; payload: Record<string, unknown> } {
  return {
    type: `${frameId}.${event}`,
    payload: {
      id: meta.id,
      type: event,
      data,
      createdAt: meta.createdAt,
      clinicId: meta.clinicId,
      oauth: { clientId: meta.clientId },
    },
  };
}
