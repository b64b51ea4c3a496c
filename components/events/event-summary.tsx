"use client";
// An event in words (lib/events/summary.ts), with a link to the patient's treatment plans where the
// event is about a patient (the records an event carries: ./event-records.tsx).
import Link from "next/link";
import { useTranslations } from "next-intl";
import { patientHref, plansHref } from "@/lib/events/links";
import type { EventSummary } from "@/lib/events/summary";
import { formatSummary, patientNameOf } from "@/lib/events/summary-messages";
import type { Say } from "@/lib/i18n/say";

export function SummaryLink({ summary }: { summary: EventSummary }) {
  const t = useTranslations("events");
  if (!summary.patientId) return null;
  const named = patientNameOf(summary);
  return (
    <>
      <Link
        href={plansHref(summary.patientId)}
        className="inline-flex min-h-6 items-center text-xs text-brand-700 underline-offset-2 hover:underline"
      >
        {t("openPlans")}
      </Link>{" "}
      <Link
        href={patientHref(summary.patientId)}
        className="inline-flex min-h-6 items-center text-xs text-brand-700 underline-offset-2 hover:underline"
      >
        {named
          ? t.rich("openPatientFor", { name: named, hidden: (c) => <span className="sr-only">{c}</span> })
          : t("openPatient")}
      </Link>
    </>
  );
}

export const summaryText = (summary: EventSummary, say: Say) => formatSummary(summary, say);
