"use client";
// An embedded feature of the platform (the treatment plan builder, or the catalog or labs), mounted
// by the platform's own library in a frame that fills the work area: a loading state while a grant
// is minted and the platform's page opens, and a button that starts a fresh session (a new grant; a
// grant is never reused). The platform's page tells the user itself when it refuses a grant
// (expired, already used); the app cannot read it. What the page posts is told here in words: the
// patient selected, and each plan activated.
import Link from "next/link";
import { useCallback, useId, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import type { Say } from "@/lib/i18n/say";
import { EMBED_EVENTS, type EmbedMessage } from "@/lib/contract/embed";
import type { EmbedFeature } from "@/lib/embedded/session";
import { PlanNotices, type PlanNotice } from "@/components/embedded/plan-notices";
import { useEmbedSession } from "@/components/embedded/use-embed-session";
import { useStoredText } from "@/components/ui/stored-text";

interface Props {
  /** The builder, or the platform feature at its entry point. */
  feature: EmbedFeature;
  /** The patient the page was opened for (from the patients list), if any. */
  patientId: string | null;
  /** Their name, when the app knows it. */
  openedFor?: string | null;
}

const MAX_NOTICES = 5;

/** A patient as a notice names them: by name where known, else by id. */
type PatientLabel = { patient: string; named: "yes" | "no"; name: string };

function fullName(p: { firstName?: string | null; lastName?: string | null } | undefined): string | null {
  const name = [p?.firstName, p?.lastName].filter((part) => part && part.trim()).join(" ");
  return name || null;
}

/** The name of a patient of the clinic, or null (GET /api/patients/:id; a failure is no name). */
async function patientName(id: string): Promise<string | null> {
  const response = await fetch(`/api/patients/${encodeURIComponent(id)}`, { cache: "no-store" }).catch(() => null);
  const body = (await response?.json().catch(() => null)) as { ok?: boolean; data?: { name?: unknown } } | null;
  return body?.ok && typeof body.data?.name === "string" ? body.data.name : null;
}

function noticeOf(message: EmbedMessage, who: PatientLabel | null, t: Say): Omit<PlanNotice, "key"> {
  if (message.event === EMBED_EVENTS.patientSelected)
    return {
      kind: "selected",
      text: t("notices.selected", who ?? { patient: message.patient.id, named: "no", name: "" }),
    };
  return {
    kind: "activated",
    treatmentPlanId: message.treatmentPlan.id,
    text: t(who ? "notices.activated" : "notices.activatedNoPatient", who ?? {}),
  };
}

/** What the frame shows, for its title and the status line: the builder, the catalog or the labs. */
const shownIn = (feature: EmbedFeature) => (feature.type === "platform" ? feature.entrypoint : "builder");

export function EmbeddedFeature({ feature, patientId, openedFor = null }: Props) {
  const t = useTranslations("embedded");
  const [notices, setNotices] = useState<PlanNotice[]>([]);
  // Names learnt from the frame's patient.selected messages (the activation names the patient by id).
  const known = useRef(new Map<string, string>());
  const onMessage = useCallback(
    (message: EmbedMessage) => {
      const show = (who: PatientLabel | null) =>
        setNotices((all) =>
          [{ ...noticeOf(message, who, t), key: Date.now() + Math.random() }, ...all].slice(0, MAX_NOTICES),
        );
      const patient = message.event === EMBED_EVENTS.patientSelected ? message.patient : message.treatmentPlan.patient;
      if (!patient) return show(null);
      const sent = fullName(patient);
      if (sent) known.current.set(patient.id, sent);
      const name =
        sent ?? known.current.get(patient.id) ?? (patient.id === patientId && openedFor ? openedFor : undefined);
      void (name !== undefined ? Promise.resolve(name) : patientName(patient.id)).then((found) =>
        show({ patient: patient.id, named: found ? "yes" : "no", name: found ?? "" }),
      );
    },
    [patientId, openedFor, t],
  );
  const shown = shownIn(feature);
  // The library mounts into an element it finds by id.
  const mountId = `embed-${useId().replace(/[^\w-]/g, "")}`;
  const { phase, restart } = useEmbedSession(feature, patientId, mountId, t("frame", { shown }), onMessage);
  const storedText = useStoredText();
  const session = phase.kind === "loading" || phase.kind === "open" ? phase.session : null;
  const busy = phase.kind === "minting" || phase.kind === "loading";

  return (
    <div className="flex flex-col gap-3">
      <PlanNotices notices={notices} />
      <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600">
        <p role="status" aria-live="polite" data-phase={phase.kind}>
          {phase.kind === "minting" && t("minting")}
          {phase.kind === "loading" && t("loading", { shown })}
          {phase.kind === "open" && t("open", { shown })}
        </p>
        {phase.kind === "open" && (
          <button
            type="button"
            onClick={restart}
            className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50"
          >
            {t("fresh")}
          </button>
        )}
      </div>
      {phase.kind === "failed" && (
        <div role="alert" className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
          <h2 className="text-base font-semibold">{t("failedTitle")}</h2>
          <p className="text-sm">{storedText(phase.failure.error)}</p>
          <div className="flex flex-wrap gap-3">
            <button
              type="button"
              onClick={restart}
              className="rounded-md bg-brand-600 px-3 py-2 text-sm font-medium text-white hover:bg-brand-700"
            >
              {t("fresh")}
            </button>
            {phase.failure.reconnect && (
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
          {/* The library's own: it places its loader and the frame in here. */}
          {session && <div key={phase.attempt} id={mountId} className="h-full w-full" />}
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
