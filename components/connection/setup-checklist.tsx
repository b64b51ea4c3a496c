// The admin's setup checklist on the home page, until the clinic is connected: each step says what
// it is, whether it is done, and links to where it is done. Gone once every step is.
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { SetupStep } from "@/lib/connection/state";

export async function SetupChecklist({ steps }: { steps: SetupStep[] }) {
  if (steps.length === 0) return null;
  const t = await getTranslations("connection.checklist");
  const done = steps.filter((s) => s.done).length;
  return (
    <section
      id="setup"
      aria-labelledby="setup-title"
      className="rounded-lg border border-amber-300 bg-white p-4 shadow-sm"
    >
      <h2 id="setup-title" className="text-lg font-semibold">
        {t("title")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("progress", { done, total: steps.length })}</p>
      <ol className="mt-3 space-y-2">
        {steps.map((step, i) => (
          <li key={step.key} className="flex items-start gap-3" data-step={step.key} data-done={step.done}>
            <span
              aria-hidden="true"
              className={`mt-0.5 inline-flex h-6 w-6 flex-none items-center justify-center rounded-full text-xs font-semibold ${
                step.done ? "bg-emerald-600 text-white" : "border border-slate-300 text-slate-700"
              }`}
            >
              {step.done ? (
                <svg viewBox="0 0 16 16" className="h-3.5 w-3.5" fill="none" stroke="currentColor" strokeWidth="2.5">
                  <path d="M3 8.5l3.5 3.5L13 5" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              ) : (
                i + 1
              )}
            </span>
            <div>
              <Link href={step.href} className="font-medium text-brand-700 hover:underline">
                {t(`${step.key}.title`)}
              </Link>
              <span className="sr-only"> — {step.done ? t("done") : t("toDo")}</span>
              <p className="text-sm text-slate-600">{step.done ? t(`${step.key}.done`) : t(`${step.key}.how`)}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
