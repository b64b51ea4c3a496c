// The store's side of the patient page: their details as the clinic's events left them, and the
// events about them in groups (orders, lab results, treatment plans, everything), each an event in
// words on the clinic's clock. Server components: the page reads, these show.
import Link from "next/link";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import type { TimelineEvent } from "@/lib/events/timeline/list";
import type { PatientField } from "@/lib/patients/history";
import { formatSummary } from "@/lib/events/summary-messages";
import { categoryLabel } from "@/components/events/format";
import { Panel } from "@/components/ui/panel";
import { When } from "@/components/ui/when";
import { IdText } from "@/components/ui/id-text";
import { PAIRS_GRID } from "@/components/ui/pairs";

const FIELD_KEYS: Record<PatientField, string> = {
  email: "email",
  date_of_birth: "birth",
  mobile_number: "mobile",
  gender: "gender",
};

/** The fields nearly every platform record has: kept a line each while the record loads. */
const USUAL_FIELDS: PatientField[] = ["email", "date_of_birth"];

/**
 * Their details: the fields known, the practitioner, and their id for support in a disclosure.
 * `pending`: the platform's record is still on its way; the usual fields and the practitioner keep
 * their lines (a "…" for now), so the record arriving fills them rather than pushing the page down.
 */
export function PatientDetails({
  patientId,
  details,
  practitioner,
  pending = false,
}: {
  patientId: string;
  details: Partial<Record<PatientField, string>>;
  practitioner?: string | null;
  pending?: boolean;
}) {
  const t = useTranslations("patient.details");
  const known = (Object.keys(FIELD_KEYS) as PatientField[]).filter(
    (f) => details[f] || (pending && USUAL_FIELDS.includes(f)),
  );
  const value = (text: string | null | undefined) =>
    text ?? (pending ? <span className="text-slate-400">…</span> : null);
  return (
    <Panel id="patient-details" title={t("title")} heading="h2">
      {known.length === 0 && !practitioner && !pending ? (
        <p className="text-sm text-slate-600">{t("none")}</p>
      ) : (
        <dl className={`${PAIRS_GRID} gap-y-1 text-sm`}>
          {known.map((field) => (
            <div key={field} className="contents">
              <dt className="text-slate-500">{t(FIELD_KEYS[field])}</dt>
              <dd className="break-words">{value(details[field])}</dd>
            </div>
          ))}
          {(practitioner || pending) && (
            <>
              <dt className="text-slate-500">{t("practitioner")}</dt>
              <dd>{value(practitioner)}</dd>
            </>
          )}
        </dl>
      )}
      <details className="text-sm">
        <summary className="cursor-pointer text-slate-600">{t("forSupport")}</summary>
        <dl className={`mt-2 ${PAIRS_GRID} gap-y-1`}>
          <dt className="text-slate-500">{t("id")}</dt>
          <dd>
            <IdText id={patientId} />
          </dd>
        </dl>
      </details>
    </Panel>
  );
}

export function EventGroup({
  id,
  title,
  events,
  empty,
  footer,
}: {
  id: string;
  title: string;
  events: TimelineEvent[];
  empty: string;
  footer?: ReactNode;
}) {
  const say = useTranslations();
  const t = useTranslations("patient");
  return (
    <Panel
      id={id}
      title={title}
      heading="h2"
      aside={<span className="text-sm text-slate-600">{t("count", { count: events.length })}</span>}
    >
      {events.length === 0 ? (
        <p className="text-sm text-slate-600">{empty}</p>
      ) : (
        <ol className="divide-y divide-slate-100 text-sm">
          {events.map((e) => (
            <li
              key={e.id}
              className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 py-1.5"
              data-event-id={e.id}
            >
              <span className="min-w-0 text-slate-900">{formatSummary(e.summary, say)}</span>
              <span className="text-xs text-slate-600">
                {categoryLabel(e.category, say)} · <When iso={e.createdAt} />
              </span>
            </li>
          ))}
        </ol>
      )}
      {footer}
    </Panel>
  );
}

/** The note under the full history when older events were left out, with a search for them all. */
export function OlderEventsNote({ count, name, patientId }: { count: number; name: string | null; patientId: string }) {
  const t = useTranslations("patient");
  return (
    <p className="text-sm text-slate-600">
      {t.rich("more", {
        count,
        link: (chunks) => (
          <Link href={`/events?q=${encodeURIComponent(name ?? patientId)}`} className="text-brand-700 underline">
            {chunks}
          </Link>
        ),
      })}
    </p>
  );
}
