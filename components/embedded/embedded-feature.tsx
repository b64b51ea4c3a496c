"use client";
// The embedded feature (the platform's treatment plan builder) in an iframe that fills the work
// area: a loading state while a grant is minted and the platform's page opens, a clear message
// when the platform refuses the grant, and a button that starts a fresh session (a new grant; a
// grant is never reused). Plans activated inside are announced here. The frame has a fixed share of
// the viewport and scrolls itself, so its resize messages are not needed.
import Link from "next/link";
import { useCallback, useState } from "react";
import { useTranslations } from "next-intl";
import type { Say } from "@/lib/events/summary-messages";
import { EMBED_MESSAGE_TYPES, embedUrlForPatient, type EmbedMessage } from "@/lib/contract/embed";
import { PlanNotices, type PlanNotice } from "@/components/embedded/plan-notices";
import { useEmbedSession } from "@/components/embedded/use-embed-session";
import { useStoredText } from "@/components/ui/stored-text";

interface Props {
  platformOrigin: string;
  /** The patient the page was opened for (from the patients list), if any. */
  patientId: string | null;
  /** Their name, when the app knows it. */
  openedFor?: string | null;
}

const MAX_NOTICES = 5;

/** A plan's patient as the notice names them: by name where the app knows it, else by id. */
type PatientLabel = { patient: string; named: "yes" | "no"; name: string };

function noticeOf(message: EmbedMessage, who: PatientLabel | null, t: Say): Omit<PlanNotice, "key"> | null {
  if (message.type === EMBED_MESSAGE_TYPES.error && message.code === "action_failed")
    return { kind: "action_failed", text: t("notices.failed", { message: message.message }) };
  if (!who) return null;
  if (message.type === EMBED_MESSAGE_TYPES.activated)
    return { kind: "activated", treatmentPlanId: message.treatment_plan_id, text: t("notices.activated", who) };
  return { kind: "draft", text: t("notices.draft", who) };
}

/** The name of a patient of the clinic, or null (GET /api/patients/:id; a failure is no name). */
async function patientName(id: string): Promise<string | null> {
  const response = await fetch(`/api/patients/${encodeURIComponent(id)}`, { cache: "no-store" }).catch(() => null);
  const body = (await response?.json().catch(() => null)) as { ok?: boolean; data?: { name?: unknown } } | null;
  return body?.ok && typeof body.data?.name === "string" ? body.data.name : null;
}

export function EmbeddedFeature({ platformOrigin, patientId, openedFor = null }: Props) {
  const t = useTranslations("embedded");
  const [notices, setNotices] = useState<PlanNotice[]>([]);
  const onMessage = useCallback(
    (message: EmbedMessage) => {
      const show = (notice: Omit<PlanNotice, "key"> | null) => {
        if (notice) setNotices((all) => [{ ...notice, key: Date.now() + Math.random() }, ...all].slice(0, MAX_NOTICES));
      };
      const about =
        message.type === EMBED_MESSAGE_TYPES.activated || message.type === EMBED_MESSAGE_TYPES.draftSaved
          ? message.patient_id
          : null;
      if (about === null) return show(noticeOf(message, null, t));
      const known = about === patientId ? openedFor : undefined;
      void (known !== undefined ? Promise.resolve(known) : patientName(about)).then((name) =>
        show(noticeOf(message, { patient: about, named: name ? "yes" : "no", name: name ?? "" }, t)),
      );
    },
    [patientId, openedFor, t],
  );
  const { phase, frameRef, restart } = useEmbedSession(platformOrigin, patientId, onMessage);
  const storedText = useStoredText();
  const session = phase.kind === "loading" || phase.kind === "ready" ? phase.session : null;
  const busy = phase.kind === "minting" || phase.kind === "loading";
  const problem =
    phase.kind === "refused"
      ? { title: t(`refusals.${phase.code}.title`), message: t(`refusals.${phase.code}.message`) }
      : phase.kind === "failed"
        ? { title: t("failedTitle"), message: storedText(phase.failure.error) }
        : null;

  return (
    <div className="flex flex-col gap-3">
      <PlanNotices notices={notices} />
      <div className="flex items-center justify-between gap-3 text-sm text-slate-600">
        <p role="status" aria-live="polite" data-phase={phase.kind}>
          {phase.kind === "minting" && t("minting")}
          {phase.kind === "loading" && t("loading")}
          {phase.kind === "ready" && t("ready")}
        </p>
        {phase.kind === "ready" && (
          <button
            type="button"
            onClick={restart}
            className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50"
          >
            {t("restart")}
          </button>
        )}
      </div>
      {problem && (
        <div role="alert" className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
          <h2 className="text-base font-semibold">{problem.title}</h2>
          <p className="text-sm">{problem.message}</p>
          <div className="flex flex-wrap gap-3">
            <button
              type="button"
              onClick={restart}
              className="rounded-md bg-brand-600 px-3 py-2 text-sm font-medium text-white hover:bg-brand-700"
            >
              {t("fresh")}
            </button>
            {phase.kind === "failed" && phase.failure.reconnect && (
              <Link
                href={phase.failure.reconnect}
                className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium"
              >
                {t("signInAgain")}
              </Link>
            )}
          </div>
        </div>
      )}
      {(busy || session) && (
        <div
          className="relative h-[calc(100vh-16rem)] min-h-[32rem] w-full overflow-hidden rounded-lg border border-slate-200 bg-white"
          aria-busy={busy}
        >
          {session && (
            <iframe
              key={phase.attempt}
              ref={frameRef}
              src={embedUrlForPatient(session.src, patientId)}
              title={t("builder")}
              className="h-full w-full"
              sandbox="allow-scripts allow-same-origin allow-forms"
              referrerPolicy="no-referrer"
            />
          )}
          {busy && (
            <div className="absolute inset-0 flex items-center justify-center bg-white/80" aria-hidden>
              <span className="h-8 w-8 animate-spin rounded-full border-4 border-slate-200 border-t-brand-600" />
            </div>
          )}
        </div>
      )}
    </div>
  );
}
