// What happened inside the embedded feature, told to the user in a polite live region: plans
// activated (with the way to the timeline, where the platform's webhook brings them) and the patient
// selected.
import Link from "next/link";
import { useTranslations } from "next-intl";

export interface PlanNotice {
  key: number;
  kind: "activated" | "selected";
  text: string;
  treatmentPlanId?: string;
}

export function PlanNotices({ notices }: { notices: PlanNotice[] }) {
  const t = useTranslations("embedded.notices");
  return (
    <div role="status" aria-live="polite" aria-label={t("label")} className="space-y-2">
      {notices.map((n) => (
        <p
          key={n.key}
          data-notice={n.kind}
          className={`flex flex-wrap items-center gap-x-3 rounded-md border px-3 py-2 text-sm ${n.kind === "activated" ? "border-emerald-200 bg-emerald-50 text-emerald-900" : "border-slate-200 bg-white text-slate-700"}`}
        >
          <span>{n.text}</span>
          {n.kind === "activated" && n.treatmentPlanId && (
            <Link href={`/events?q=${encodeURIComponent(n.treatmentPlanId)}`} className="font-medium underline">
              {t("seeInTimeline")}
            </Link>
          )}
        </p>
      ))}
    </div>
  );
}
