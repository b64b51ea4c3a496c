// POST /embedded/session[?patient=&feature=platform&entrypoint=]: a fresh session grant per mount
// of an embedded feature, for practitioners and staff, with the patient's details for the platform's
// library. The answer holds the grant's secret and those details, so it is `no-store` and never
// logged; failures are logged by class, status and request id only.
import "server-only";
import { authorize } from "@/lib/actions/builder";
import { HTTP_STATUS, type ActionFailure } from "@/lib/results/result";
import { requestTranslator, type Translator } from "@/lib/auth/language";
import { localizeResult } from "@/lib/i18n/settle";
import { SECTIONS } from "@/lib/auth/sections";
import { ClinicApiError } from "@/lib/clinic-api/errors";
import { mintFailure } from "@/lib/embedded/mint-failure";
import { appOrigin, mintEmbedSession } from "@/lib/embedded/mint";
import type { MintFailure } from "@/lib/embedded/session";
import { recordAudit } from "@/lib/audit/record";
import { db } from "@/lib/db";
import { embedPatient } from "@/lib/embedded/patient";
import { entrypointOf, PatientParamSchema } from "@/lib/embedded/session";
import { log } from "@/lib/log/logger";
import { originProblem } from "@/lib/http/origin";

const NO_STORE = { "Cache-Control": "no-store, max-age=0", Pragma: "no-cache" };

function reply(status: number, body: unknown): Response {
  return Response.json(body, { status, headers: NO_STORE });
}

/**
 * Why a request does not come from the app's own pages, or null. The session cookie is SameSite=Lax
 * already; this also refuses same-site pages of another origin, and pages opened at an address
 * other than APP_URL, where the platform would refuse to be framed (its frame-ancestors and
 * postMessage target are APP_URL's origin). Requests without either header are not from a browser
 * page (a script holding the user's cookie is the user).
 */
export function requestOriginProblem(headers: Headers, ownOrigin: string, say: Translator): string | null {
  const problem = originProblem(headers, ownOrigin);
  if (problem === "another-site") return say("embedded.failures.notFromApp");
  if (problem === "another-origin") return say("embedded.failures.wrongOrigin", { origin: ownOrigin });
  return null;
}

export async function handleMintRequest(request: Request): Promise<Response> {
  // The caller's language: the embedded page shows these answers' `error` as they are.
  const say = await requestTranslator();
  const originProblem = requestOriginProblem(request.headers, appOrigin(), say);
  if (originProblem) return reply(403, { error: originProblem });
  const access = await authorize(SECTIONS.embedded.roles);
  if (!access.ok) {
    // The same words as every refusal of the app, in this route's shape (lib/embedded/session.ts).
    const { message, reconnect, code } = localizeResult(say, access.failure) as ActionFailure;
    return reply(HTTP_STATUS[code], { error: message, ...(reconnect ? { reconnect } : {}) } satisfies MintFailure);
  }
  const { caller } = access;
  try {
    const query = new URL(request.url).searchParams;
    const patient = PatientParamSchema.safeParse(query.get("patient"));
    const patientId = patient.success ? patient.data : null;
    const feature = query.get("feature") === "platform" ? "platform" : "treatmentPlan";
    const session = await mintEmbedSession(
      caller.user.id,
      patientId ? await embedPatient(db, caller.clinicId, patientId) : null,
    );
    await recordAudit({
      clinicId: caller.clinicId,
      actorUserId: caller.user.id,
      action: "embedded.session_opened",
      target: { type: "session_grant", id: session.grant_id },
      // Who it was opened for, by id only: the details sent to the platform are not kept.
      details: {
        patientId,
        feature,
        ...(feature === "platform" ? { entrypoint: entrypointOf(query.get("entrypoint")) } : {}),
        expiresAt: session.expires_at,
      },
    });
    return reply(201, session);
  } catch (error) {
    const detail =
      error instanceof ClinicApiError
        ? `${error.name} status=${error.status ?? "-"} request_id=${error.requestId ?? "-"}`
        : error instanceof Error
          ? error.name
          : "unknown";
    log.error(`embedded: no session grant: ${detail}`, { userId: caller.user.id });
    const failure = mintFailure(error, say);
    return reply(failure.status, failure.body);
  }
}
