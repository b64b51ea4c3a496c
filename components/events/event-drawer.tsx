"use client";
// The detail drawer of one event: its summary, its fields, the records it carries with labelled
// fields, and the raw data behind a disclosure. A modal dialog: Escape or the close
// button closes it, focus moves into it on open and back to the page on close.
import { useEffect, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { categoryLabel, formatDelay, typeLabel } from "@/components/events/format";
import { When } from "@/components/ui/when";
import { useEventDetail } from "@/components/events/use-timeline";
import { PAIRS_GRID } from "@/components/ui/pairs";
import { SummaryLink, summaryText } from "@/components/events/event-summary";
import { EventRecords } from "@/components/events/event-records";
import { IdText } from "@/components/ui/id-text";

export function EventDrawer({ id, onClose }: { id: string | null; onClose(): void }) {
  const detail = useEventDetail(id);
  const t = useTranslations("events.drawer");
  const say = useTranslations();
  const closeButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!id) return;
    const opener = document.activeElement as HTMLElement | null;
    closeButton.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && onClose();
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      opener?.focus();
    };
  }, [id, onClose]);
  if (!id) return null;
  const e = detail.data;
  return (
    <div className="fixed inset-0 z-40 flex justify-end bg-black/30" onClick={onClose}>
      <aside
        role="dialog"
        aria-modal="true"
        aria-labelledby="event-drawer-title"
        className="h-full w-full max-w-xl overflow-y-auto bg-white p-6 shadow-xl"
        onClick={(ev) => ev.stopPropagation()}
      >
        <div className="flex items-start justify-between gap-4">
          <div>
            <h2 id="event-drawer-title" className="text-lg font-semibold">
              {e ? summaryText(e.summary, say) : t("event")}
            </h2>
            {e && (
              <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
                <span className="text-xs text-slate-600">{typeLabel(e.type, say)}</span>
                <SummaryLink summary={e.summary} />
                <CopyLink id={e.id} />
              </p>
            )}
          </div>
          <button
            ref={closeButton}
            type="button"
            onClick={onClose}
            className="rounded-md border border-slate-300 px-2 py-1 text-sm"
          >
            {t("close")}
          </button>
        </div>
        {detail.isLoading && <p className="mt-4 text-slate-600">{t("loading")}</p>}
        {!detail.isLoading && !e && <p className="mt-4 text-slate-600">{t("unavailable")}</p>}
        {e && (
          <>
            <dl className={`mt-4 ${PAIRS_GRID} gap-y-2 text-sm`}>
              <dt className="text-slate-500">{t("eventId")}</dt>
              <dd>
                <IdText id={e.id} />
              </dd>
              <dt className="text-slate-500">{t("type")}</dt>
              <dd>
                {typeLabel(e.type, say)} <code className="text-xs text-slate-500">{e.type}</code>
              </dd>
              <dt className="text-slate-500">{t("category")}</dt>
              <dd>{categoryLabel(e.category, say)}</dd>
              <dt className="text-slate-500">{t("created")}</dt>
              <dd>
                <When iso={e.createdAt} format={{ show: "date-time-seconds" }} />
              </dd>
              <dt className="text-slate-500">{t("arrived")}</dt>
              <dd>
                {t.rich("arrivedAt", {
                  when: () => <When iso={e.receivedAt} format={{ show: "date-time-seconds" }} />,
                  delay: formatDelay(e.delayMs, say),
                })}
              </dd>
              <dt className="text-slate-500">{t("source")}</dt>
              <dd>{say(e.source === "webhook" ? "events.source.webhook" : "events.source.reconciliation")}</dd>
            </dl>
            {e.dataIssue && (
              <p role="note" className="mt-6 rounded-md bg-amber-50 p-2 text-xs text-amber-900">
                {say(e.dataIssue)}
              </p>
            )}
            <EventRecords
              type={e.type}
              data={e.data}
              names={{ patients: e.names, people: e.people, variants: e.variants }}
            />
            <details className="mt-6">
              <summary className="cursor-pointer text-sm font-semibold text-slate-700">{t("raw")}</summary>
              <pre
                tabIndex={0}
                className="mt-2 overflow-x-auto rounded-md bg-slate-50 p-3 text-xs"
                aria-label={t("data")}
              >
                {JSON.stringify(e.data, null, 2)}
              </pre>
            </details>
          </>
        )}
      </aside>
    </div>
  );
}

/** Copies the address that opens this event's drawer (the timeline keeps it in `?event=`). */
function CopyLink({ id }: { id: string }) {
  const t = useTranslations("events.drawer");
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="text-xs text-brand-700 underline-offset-2 hover:underline"
      onClick={() => {
        const url = `${window.location.origin}/events?event=${encodeURIComponent(id)}`;
        void navigator.clipboard?.writeText(url).then(() => {
          setCopied(true);
          setTimeout(() => setCopied(false), 2000);
        });
      }}
    >
      <span aria-live="polite">{copied ? t("linkCopied") : t("copyLink")}</span>
    </button>
  );
}
