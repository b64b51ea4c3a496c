// The search page's parts, one per kind, each a titled region with up to a few rows and "See all"
// into its section, searched the same way. Each waits for its own read and says its own failure, so
// a platform that does not answer leaves the events part standing. Server components.
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import type { Patient, PaginationMeta, ResourceRecord } from "@/lib/contract";
import type { TimelinePage } from "@/lib/events/timeline/list";
import type { ActionResult } from "@/lib/results/result";
import { eventHref, patientHref } from "@/lib/events/links";
import { formatSummary } from "@/lib/events/summary-messages";
import { categoryLabel as resourceCategory, typeLabel as resourceType } from "@/lib/resources/record-view";
import { seeAllHref, type SearchKind } from "@/lib/search/parts";
import { typeLabel } from "@/components/events/format";
import { Panel } from "@/components/ui/panel";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { When } from "@/components/ui/when";
import { fullName } from "@/components/patients/full-name";

type Listed<T> = { items: T[]; meta: PaginationMeta };

/** A part's frame: its heading (a region of the page named by it) and, once there are rows, "See all". */
async function Part({
  kind,
  q,
  seeAll,
  children,
}: {
  kind: SearchKind;
  q: string;
  seeAll?: string;
  children: ReactNode;
}) {
  const t = await getTranslations("search");
  return (
    <Panel
      id={`search-${kind}`}
      heading="h2"
      title={t(`${kind}.title`)}
      aside={
        seeAll && (
          <Link href={seeAllHref(kind, q)} className="text-right text-sm font-medium text-brand-700 hover:underline">
            {seeAll}
          </Link>
        )
      }
    >
      {children}
    </Panel>
  );
}

/** What a part shows while its read runs (the page's other parts may already be there). */
export async function PartLoading({ kind, q }: { kind: SearchKind; q: string }) {
  const t = await getTranslations("search");
  return (
    <Part kind={kind} q={q}>
      <LoadingState label={t(`${kind}.loading`)} />
    </Part>
  );
}

/** A part whose read failed: the section's refusal of the term beside it, else the failure in words. */
async function Failed({
  kind,
  q,
  result,
}: {
  kind: SearchKind;
  q: string;
  result: Extract<ActionResult, { ok: false }>;
}) {
  const t = await getTranslations("search");
  const refused = result.code === "invalid" ? result.errors.q : undefined;
  return (
    <Part kind={kind} q={q}>
      {refused ? (
        <p className="text-sm text-slate-700">{refused.join(" ")}</p>
      ) : (
        <ErrorState title={t(`${kind}.failed`)} error={result} />
      )}
    </Part>
  );
}

const Rows = ({ children }: { children: ReactNode }) => (
  <ul className="divide-y divide-slate-100 text-sm">{children}</ul>
);
const Row = ({ children, ...rest }: { children: ReactNode } & Record<`data-${string}`, string>) => (
  <li className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 py-2 first:pt-0 last:pb-0" {...rest}>
    {children}
  </li>
);
const Aside = ({ children }: { children: ReactNode }) => <span className="text-xs text-slate-600">{children}</span>;
const linkClass = "font-medium text-brand-700 [overflow-wrap:anywhere] hover:underline";

export async function PatientsPart({ q, result }: { q: string; result: Promise<ActionResult<Listed<Patient>>> }) {
  const [say, t, read] = await Promise.all([getTranslations(), getTranslations("search.patients"), result]);
  if (!read.ok) return <Failed kind="patients" q={q} result={read} />;
  const { items, meta } = read.data;
  return (
    <Part kind="patients" q={q} seeAll={items.length ? t("seeAll", { count: meta.total_count }) : undefined}>
      {items.length === 0 ? (
        <EmptyState title={say("patients.noMatch", { q })} />
      ) : (
        <Rows>
          {items.map((p) => (
            <Row key={p.id} data-patient-id={p.id}>
              <Link href={patientHref(p.id)} className={linkClass}>
                {fullName(p)}
              </Link>
              {p.email && <Aside>{p.email}</Aside>}
            </Row>
          ))}
        </Rows>
      )}
    </Part>
  );
}

export async function EventsPart({ q, result }: { q: string; result: Promise<ActionResult<TimelinePage>> }) {
  const [say, t, read] = await Promise.all([getTranslations(), getTranslations("search.events"), result]);
  if (!read.ok) return <Failed kind="events" q={q} result={read} />;
  const { events } = read.data;
  return (
    <Part kind="events" q={q} seeAll={events.length ? t("seeAll") : undefined}>
      {events.length === 0 ? (
        <EmptyState title={t("none", { q })} />
      ) : (
        <Rows>
          {events.map((e) => (
            <Row key={e.id} data-event-id={e.id}>
              <Link href={eventHref(e.id)} className={linkClass}>
                {formatSummary(e.summary, say)}
              </Link>
              <Aside>
                {typeLabel(e.type, say)} · <When iso={e.createdAt} />
              </Aside>
            </Row>
          ))}
        </Rows>
      )}
    </Part>
  );
}

export async function ResourcesPart({
  q,
  result,
}: {
  q: string;
  result: Promise<ActionResult<Listed<ResourceRecord>>>;
}) {
  const [say, t, read] = await Promise.all([getTranslations(), getTranslations("search.resources"), result]);
  if (!read.ok) return <Failed kind="resources" q={q} result={read} />;
  const { items, meta } = read.data;
  return (
    <Part kind="resources" q={q} seeAll={items.length ? t("seeAll", { count: meta.total_count }) : undefined}>
      {items.length === 0 ? (
        <EmptyState title={t("none", { q })} />
      ) : (
        <Rows>
          {items.map((r) => (
            <Row key={r.id} data-resource-id={r.id}>
              <a href={r.attachment_url} target="_blank" rel="noreferrer" className={linkClass}>
                {r.name}
              </a>
              <Aside>{[resourceType(r, say), resourceCategory(r, say)].filter(Boolean).join(" · ")}</Aside>
            </Row>
          ))}
        </Rows>
      )}
    </Part>
  );
}
