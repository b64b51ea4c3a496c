// The practitioner's plans, newest first: each row names the patient (their page) and the plan (its
// products and dosage), with its state and time. Streamed in; a failure says why in words.
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { Caller } from "@/lib/auth";
import { clientForUser } from "@/lib/auth/platform-client";
import { failureOf } from "@/lib/actions/platform-failure";
import { db } from "@/lib/db";
import { patientHref, planHref } from "@/lib/events/links";
import { practitionerPlans, type PractitionerPlans } from "@/lib/patients/practitioner-plans";
import { Panel } from "@/components/ui/panel";
import { ErrorState } from "@/components/ui/states";
import { When } from "@/components/ui/when";

export async function PlanList({
  caller,
  practitionerId,
  practitionerName,
}: {
  caller: Caller;
  practitionerId: string;
  practitionerName: string | null;
}) {
  const t = await getTranslations("plans");
  let list: PractitionerPlans;
  try {
    list = await practitionerPlans(db, await clientForUser(caller.user.id), caller.clinicId, practitionerId);
  } catch (error) {
    return <ErrorState title={t("failed")} error={failureOf(error)} />;
  }
  const mine = practitionerId === caller.user.platformUserId;
  return (
    <Panel
      id="plans-list"
      heading="h2"
      title={t("listTitle", {
        whose: mine ? "own" : practitionerName ? "named" : "other",
        name: practitionerName ?? "",
      })}
      aside={<span className="text-sm text-slate-600">{t("count", { count: list.plans.length })}</span>}
    >
      {list.plans.length === 0 ? (
        <p className="text-sm text-slate-600">{t("none")}</p>
      ) : (
        <ol className="divide-y divide-slate-100 text-sm">
          {list.plans.map((plan) => (
            <li
              key={plan.id}
              data-plan-id={plan.id}
              className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 py-2"
            >
              {/* Each link 24 px tall, so the two stay tappable one above the other (WCAG target size). */}
              <span className="flex min-w-0 flex-col">
                <Link
                  href={patientHref(plan.patientId)}
                  className="flex min-h-6 items-center self-start font-medium text-brand-700 hover:underline"
                >
                  {plan.patientName ?? t("unnamedPatient")}
                </Link>
                <Link
                  href={planHref(plan.patientId, plan.id)}
                  className="flex min-h-6 items-center self-start text-brand-700 hover:underline"
                >
                  {t("plan", { state: plan.state, products: plan.products ?? -1 })}
                </Link>
              </span>
              {plan.time && (
                <span className="text-xs text-slate-600">
                  <When iso={plan.time} />
                </span>
              )}
            </li>
          ))}
        </ol>
      )}
      {list.patientsFailed > 0 && (
        <p className="text-xs text-slate-600">{t("someUnread", { count: list.patientsFailed })}</p>
      )}
      <p className="text-xs text-slate-500">{t("source")}</p>
    </Panel>
  );
}
