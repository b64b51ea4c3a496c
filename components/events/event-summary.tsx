"use client";
// An event in words (lib/events/summary.ts), with a link to the patient's treatment plans where the
// event is about a patient (the records an event carries: ./event-records.tsx).
import Link from "next/link";
import { useTranslations } from "next-intl";
import { patientHref, plansHref } from "@/lib/events/links";
import type { EventSummary } from "@/lib/events/summary";
import { formatSummary, patientNameOf } from "@/lib/events/summary-messages";
import type { Say } from "@/lib/i18n/say";

/** A row's small links: 24 px tall, so they stay tappable beside each other (WCAG target size). */
const SMALL_LINK = "inline-flex min-h-6 items-center text-xs text-brand-700 underline-offset-2 hover:underline";

export function SummaryLink({ summary }: { summary: EventSummary }) {
  const t = useTranslations("events");
  if (!summary.patientId) return null;
  const named = patientNameOf(summary);
  return (
    <>
      <Link href={plansHref(summary.patientId)} className={SMALL_LINK}>
        {t("openPlans")}
      </Link>{" "}
      <Link href={patientHref(summary.patientId)} className={SMALL_LINK}>
        {named
          ? t.rich("openPatientFor", { name: named, hidden: (c) => <span className="sr-only">{c}</span> })
          : t("openPatient")}
      </Link>
    </>
  );
}

export const summaryText = (summary: EventSummary, say: Say) => formatSummary(summary, say);
