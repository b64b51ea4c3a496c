"use client";
// The clinic's patients as the platform pages them: search by name or email, a page size up to
// 100, and a link that opens the embedded feature for one patient.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useState } from "react";
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
  const [typed, setTyped] = useState("");
  const [q, setQ] = useState("");
  const { page, size, setPaging } = useUrlPaging(PATIENT_PAGE_SIZES, 25);
  const list = useQuery({
    queryKey: ["patients", { q, page, size }],
    queryFn: async () => unwrap(await load({ q: q || undefined, page, size })),
    placeholderData: keepPreviousData,
  });

  useEffect(() => {
    if (typed.trim() === q) return;
    const t = setTimeout(() => {
      setQ(typed.trim());
      setPaging({ page: 1 });
    }, 300);
    return () => clearTimeout(t);
  }, [typed, q, setPaging]);

  return (
    <div className="space-y-4">
      <div role="search" className="max-w-md">
        <Field label="Search patients" hint="By first name, last name or email.">
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
        <LoadingState label="Loading patients…" />
      ) : list.isError ? (
        <ErrorState
          title="The patients could not be loaded"
          error={shownError(list.error)}
          onRetry={() => void list.refetch()}
        />
      ) : list.data.items.length === 0 ? (
        <EmptyState title={q ? `No patients match “${q}”` : "No patients yet"}>
          {q ? "Try part of a name or an email address." : null}
        </EmptyState>
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
        Treatment plans open in the{" "}
        <Link href="/embedded" className="underline">
          embedded feature
        </Link>
        .
      </p>
    </div>
  );
}
