"use client";
// The clinic's patients as the platform pages them: search by name or email, a page size up to
// 100, and a link that opens the embedded feature for one patient.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import type { ActionResult } from "@/lib/results/result";
import type { Patient } from "@/lib/contract";
import type { PatientPageQuery } from "@/lib/resources/fields";
import type { ListPage } from "@/lib/resources/list-filter";
import { Field, inputClass } from "@/components/ui/field";
import { Pagination } from "@/components/ui/pagination";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { shownError, unwrap } from "@/lib/results/client";
import { PatientTable } from "@/components/patients/patient-table";
import { useUrlPaging } from "@/components/ui/use-url-paging";
import { searchOf } from "@/components/ui/url-paging";
import { PATIENT_PAGE_SIZE, PATIENT_PAGE_SIZES } from "@/components/patients/paging";
import { useSettledTyping } from "@/components/ui/use-settled-typing";
import { useAddress } from "@/components/ui/use-address";

type PatientsPage = ListPage<Patient> & { practitionerNames: Record<string, string> };

export function PatientList({
  load,
  first,
}: {
  /** The patients route's server action. */
  load: (query: PatientPageQuery) => Promise<ActionResult<PatientsPage>>;
  /**
   * The rows the server rendered with the page, for the address it was asked for: shown at once,
   * rather than after the script has run and asked again (the page's largest paint on a phone).
   */
  first?: { q: string; page: number; size: number; rows: PatientsPage; at: number };
}) {
  const t = useTranslations("patients");
  // The search is kept in the address (?q=…) with the page and size: a reload or a shared link shows
  // the same patients, and Back puts the earlier search back in the box.
  const params = useAddress();
  const q = searchOf((name) => params.get(name));
  const [typed, setTyped] = useState(q);
  const [shownQ, setShownQ] = useState(q);
  if (q !== shownQ) {
    setShownQ(q);
    setTyped(q);
  }
  const { page, size, setPaging } = useUrlPaging(PATIENT_PAGE_SIZES, PATIENT_PAGE_SIZE);
  const rendered = first && first.q === q && first.page === page && first.size === size ? first : undefined;
  const typing = useSettledTyping();
  const list = useQuery({
    queryKey: ["patients", { q, page, size }],
    queryFn: async () => unwrap(await load({ q: q || undefined, page, size })),
    placeholderData: keepPreviousData,
    initialData: rendered?.rows,
    initialDataUpdatedAt: rendered?.at,
  });

  useEffect(() => {
    if (typed.trim() === q) return;
    const search = () => typing.change((mode) => setPaging({ page: 1, params: { q: typed.trim() } }, mode));
    const timer = setTimeout(search, 300);
    return () => clearTimeout(timer);
  }, [typed, q, setPaging, typing]);

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
              onBlur={typing.settle}
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
