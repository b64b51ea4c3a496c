// A treatment plan's contents: its state, who wrote it and when, its products with their dosage, its
// lab tests and resources; and, for an active or draft plan, the cancel (asked first: a cancelled
// plan cannot be made active again).
import { getTranslations } from "next-intl/server";
import type { ActionResult } from "@/lib/results/result";
import type { TreatmentPlan } from "@/lib/contract";
import { planState, planTime } from "@/lib/contract/plan-view";
import type { ProductLine } from "@/lib/patients/lines";
import { ActionButton } from "@/components/admin/action-button";
import { ProductLines } from "@/components/patients/product-lines";
import { IdText } from "@/components/ui/id-text";
import { PAIRS_GRID } from "@/components/ui/pairs";
import { Panel } from "@/components/ui/panel";
import { When } from "@/components/ui/when";

const STATES = ["active", "draft", "cancelled", "inactive"];

export async function PlanDetails({
  plan,
  lines,
  practitioner,
  cancel,
}: {
  plan: TreatmentPlan;
  lines: ProductLine[];
  practitioner: string | null;
  cancel: () => Promise<ActionResult>;
}) {
  const t = await getTranslations("patient.plan");
  const raw = planState(plan);
  const state = raw && STATES.includes(raw) ? raw : "unknown";
  const time = planTime(plan);
  const labs = plan.lab_recommendations ?? [];
  const resources = (plan.resources ?? []).flatMap((r) =>
    r && typeof r === "object" && typeof (r as { name?: unknown }).name === "string"
      ? [(r as { name: string }).name]
      : [],
  );
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <Panel id="plan-products" title={t("products")} heading="h2">
        {lines.length === 0 ? (
          <p className="text-sm text-slate-600">{t("noProducts")}</p>
        ) : (
          <div className="text-sm">
            <ProductLines lines={lines} label={t("products")} />
          </div>
        )}
        {labs.length > 0 && (
          <>
            <h3 className="pt-2 font-semibold">{t("labs")}</h3>
            <ul className="space-y-1 text-sm">
              {labs.map((l, i) => (
                <li key={l.id ?? i}>{l.name ?? l.test_name ?? t("unnamedLab")}</li>
              ))}
            </ul>
          </>
        )}
        {resources.length > 0 && (
          <>
            <h3 className="pt-2 font-semibold">{t("resources")}</h3>
            <ul className="space-y-1 text-sm">
              {resources.map((name, i) => (
                <li key={i}>{name}</li>
              ))}
            </ul>
          </>
        )}
      </Panel>
      <Panel id="plan-about" title={t("about")} heading="h2">
        <dl className={`${PAIRS_GRID} gap-y-1 text-sm`}>
          <dt className="text-slate-500">{t("state")}</dt>
          <dd data-plan-state={state}>{t("stateName", { state })}</dd>
          {practitioner && (
            <>
              <dt className="text-slate-500">{t("practitioner")}</dt>
              <dd>{practitioner}</dd>
            </>
          )}
          {time && (
            <>
              <dt className="text-slate-500">{t("when")}</dt>
              <dd>
                <When iso={time} />
              </dd>
            </>
          )}
          <dt className="text-slate-500">{t("id")}</dt>
          <dd>
            <IdText id={plan.id} />
          </dd>
        </dl>
        {state === "active" || state === "draft" ? (
          <ActionButton
            label={t("cancel")}
            variant="danger"
            action={cancel}
            confirm={{
              title: t("confirmTitle"),
              description: t("confirmText"),
              confirmLabel: t("confirm"),
            }}
          />
        ) : (
          state === "cancelled" && <p className="text-sm text-slate-600">{t("cancelledNote")}</p>
        )}
      </Panel>
    </div>
  );
}
