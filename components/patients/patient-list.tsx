"use client";
// The clinic's patients as the platform pages them: search by name or email, a page size up to
// 100, and a link that opens the embedded feature for one patient.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import type { ActionResult } from "@/lib/actions/result";
import type { Patient } from "@/lib/contract";
import type { PatientPageQuery } from "@/lib/resources/fields";
import type { ListPage } from "@/lib/resources/list-filter";
import { Field, inputClass } from "@/components/ui/field";
import { Pagination } from "@/components/ui/pagination";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { shownError, unwrap } from "@/lib/actions/client";
import { PatientTable } from "@/components/patients/patient-table";
import { useUrlPaging } from "@/components/ui/use-url-paging";

export const PATIENT_PAGE_SIZES = [10, 25, 50, 100] as const;

export function PatientList({
  load,
}: {
  /** The patients route's server action. */
  load: (
    query: PatientPageQuery,
  ) => Promise<ActionResult<ListPage<Patient> & { practitionerNames: Record<string, string> }>>;
}) {
  const t = useTranslations("patients");
  // The search is kept in the address (?q=…) with the page and size: a reload or a shared link shows
  // the same patients, and Back puts the earlier search back in the box.
  const q = (useSearchParams().get("q") ?? "").trim().slice(0, 200);
  const [typed, setTyped] = useState(q);
  const [shownQ, setShownQ] = useState(q);
  if (q !== shownQ) {
    setShownQ(q);
    setTyped(q);
  }
  const { page, size, setPaging } = useUrlPaging(PATIENT_PAGE_SIZES, 25);
  const list = useQuery({
    queryKey: ["patients", { q, page, size }],
    queryFn: async () => unwrap(await load({ q: q || undefined, page, size })),
    placeholderData: keepPreviousData,
  });

  useEffect(() => {
    if (typed.trim() === q) return;
    const timer = setTimeout(() => setPaging({ page: 1, params: { q: typed.trim() } }), 300);
    return () => clearTimeout(timer);
  }, [typed, q, setPaging]);

  return (
    <div className="space-y-4">
      <div role="search" className="max-w-md">
        <Field label={t("search")} hint={t("searchHint")}>
          {(p) => (
            <input
              {...p}
              type="search"
              className={inputClass}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              maxLength={200}
            />
          )}
        </Field>
      </div>
      {list.isPending ? (
        <LoadingState label={t("loading")} />
      ) : list.isError ? (
        <ErrorState title={t("loadFailed")} error={shownError(list.error)} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <EmptyState title={q ? t("noMatch", { q }) : t("none")}>{q ? t("noMatchHint") : null}</EmptyState>
      ) : (
        <PatientTable patients={list.data.items} practitionerNames={list.data.practitionerNames} />
      )}
      {list.data && list.data.meta.total_count > 0 && (
        <Pagination
          meta={list.data.meta}
          noun="patients"
          onPage={(p) => setPaging({ page: p })}
          busy={list.isFetching}
          size={size}
          sizes={PATIENT_PAGE_SIZES}
          onSize={(s) => setPaging({ size: s })}
        />
      )}
      <p className="text-xs text-slate-600">
        {t.rich("plansNote", {
          link: (chunks) => (
            <Link href="/embedded" className="underline">
              {chunks}
            </Link>
          ),
        })}
      </p>
    </div>
  );
}
