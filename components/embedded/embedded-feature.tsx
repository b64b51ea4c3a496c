"use client";
// The embedded feature (the platform's treatment plan builder) in an iframe that fills the work
// area: a loading state while a grant is minted and the platform's page opens, a clear message
// when the platform refuses the grant, and a button that starts a fresh session (a new grant; a
// grant is never reused). Plans activated inside are announced here. The frame has a fixed share of
// the viewport and scrolls itself, so its resize messages are not needed.
import Link from "next/link";
import { useCallback, useState } from "react";
import { EMBED_MESSAGE_TYPES, embedUrlForPatient, type EmbedMessage } from "@/lib/contract/session-grants";
import { REFUSALS } from "@/lib/embedded/messages";
import { PlanNotices, type PlanNotice } from "@/components/embedded/plan-notices";
import { useEmbedSession } from "@/components/embedded/use-embed-session";

interface Props {
  platformOrigin: string;
  /** The patient the page was opened for (from the patients list), if any. */
  patientId: string | null;
}

const MAX_NOTICES = 5;

function noticeOf(message: EmbedMessage, patientId: string | null): Omit<PlanNotice, "key"> | null {
  const forWhom = (id: string) => (id === patientId ? "this patient" : `patient ${id}`);
  if (message.type === EMBED_MESSAGE_TYPES.activated) {
    return {
      kind: "activated",
      treatmentPlanId: message.treatment_plan_id,
      text: `Treatment plan ${message.treatment_plan_id} activated for ${forWhom(message.patient_id)}.`,
    };
  }
  if (message.type === EMBED_MESSAGE_TYPES.draftSaved)
    return { kind: "draft", text: `Draft ${message.treatment_plan_id} saved for ${forWhom(message.patient_id)}.` };
  if (message.type === EMBED_MESSAGE_TYPES.error && message.code === "action_failed")
    return { kind: "action_failed", text: `The builder could not save: ${message.message}` };
  return null;
}

export function EmbeddedFeature({ platformOrigin, patientId }: Props) {
  const [notices, setNotices] = useState<PlanNotice[]>([]);
  const onMessage = useCallback(
    (message: EmbedMessage) => {
      const notice = noticeOf(message, patientId);
      if (notice) setNotices((all) => [{ ...notice, key: Date.now() + Math.random() }, ...all].slice(0, MAX_NOTICES));
    },
    [patientId],
  );
  const { phase, frameRef, restart } = useEmbedSession(platformOrigin, patientId, onMessage);
  const session = phase.kind === "loading" || phase.kind === "ready" ? phase.session : null;
  const busy = phase.kind === "minting" || phase.kind === "loading";
  const problem =
    phase.kind === "refused"
      ? REFUSALS[phase.code]
      : phase.kind === "failed"
        ? { title: "The embedded feature could not be opened", message: phase.failure.error }
        : null;

  return (
    <div className="flex flex-col gap-3">
      <PlanNotices notices={notices} />
      <div className="flex items-center justify-between gap-3 text-sm text-slate-600">
        <p role="status" aria-live="polite" data-phase={phase.kind}>
          {phase.kind === "minting" && "Starting a secure session…"}
          {phase.kind === "loading" && "Opening the treatment plan builder…"}
          {phase.kind === "ready" && "Connected to the platform."}
        </p>
        {phase.kind === "ready" && (
          <button
            type="button"
            onClick={restart}
            className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50"
          >
            Restart session
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
              Start a fresh session
            </button>
            {phase.kind === "failed" && phase.failure.reconnect && (
              <Link
                href={phase.failure.reconnect}
                className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium"
              >
                Sign in again
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
              title="Treatment plan builder"
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
