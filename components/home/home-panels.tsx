// The home page's panels, one per role the person holds: what matters to them, each with a link to
// act on it. Server components: the page reads, these show.
import Link from "next/link";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import type { HomeEvent, PractitionerHome } from "@/lib/home/reads";
import { formatSummary } from "@/lib/events/summary-messages";
import { When } from "@/components/ui/when";
import { eventHref, patientHref, planHref } from "@/lib/events/links";
import { categoryLabel } from "@/components/events/format";
import { Panel } from "@/components/ui/panel";

/** A panel of a home page: its title, a link to the whole of it, and what is new there. */
export function HomePanel({
  title,
  href,
  linkLabel,
  children,
}: {
  title: string;
  href: string;
  linkLabel: string;
  children: ReactNode;
}) {
  return (
    <Panel
      title={title}
      heading="h2"
      aside={
        <Link href={href} className="text-sm text-brand-700 hover:underline">
          {linkLabel}
        </Link>
      }
    >
      <div className="text-sm text-slate-700">{children}</div>
    </Panel>
  );
}

const Empty = ({ children }: { children: ReactNode }) => <p className="text-slate-500">{children}</p>;
/** A part the platform did not give: to sign in again when it refused the person's sign-in, else to reload. */
function Unavailable({ signIn }: { signIn: PractitionerHome["signIn"] }) {
  const t = useTranslations("home");
  const say = useTranslations("states");
  if (!signIn) return <Empty>{t("unavailable")}</Empty>;
  return (
    <p className="text-slate-700" data-testid="home-sign-in-again">
      {t("signInRefused", { reason: signIn.reason })}{" "}
      <Link href={signIn.href} className="font-medium text-brand-700 underline">
        {say("signInAgainPlatform")}
      </Link>
    </p>
  );
}

export function EventLines({ events, empty }: { events: HomeEvent[]; empty: string }) {
  const say = useTranslations();
  if (events.length === 0) return <Empty>{empty}</Empty>;
  return (
    <ul className="space-y-1">
      {events.map((e) => (
        <li key={e.id} className="flex flex-wrap items-baseline justify-between gap-x-3">
          <span>
            {/* Every line opens something: the patient it is about, else the event itself on the timeline. */}
            <Link
              href={e.summary.patientId ? patientHref(e.summary.patientId) : eventHref(e.id)}
              className="hover:underline"
            >
              {formatSummary(e.summary, say)}
            </Link>
          </span>
          <span className="text-xs text-slate-500">
            <When iso={e.createdAt} />
          </span>
        </li>
      ))}
    </ul>
  );
}

export function PractitionerPanels({ home }: { home: PractitionerHome }) {
  const t = useTranslations("home.practitioner");
  // What the plan's record tells: the patient by name, else by id, else the plan by id; its product count if given.
  const planLine = (p: NonNullable<PractitionerHome["activePlans"]>[number]) => {
    const patient = p.patient ?? (p.patientId ? t("patientById", { id: p.patientId }) : t("planById", { id: p.id }));
    return p.products === null ? patient : t("plan", { patient, products: p.products });
  };
  return (
    <>
      <HomePanel title={t("resources")} href="/resources" linkLabel={t("openLibrary")}>
        {home.resources === null ? (
          <Unavailable signIn={home.signIn} />
        ) : home.resources.length === 0 ? (
          <Empty>{t("noResources")}</Empty>
        ) : (
          <ul className="space-y-1">
            {home.resources.map((r) => (
              <li key={r.id} className="flex justify-between gap-3">
                <a href={r.url} target="_blank" rel="noreferrer" className="hover:underline">
                  {r.name}
                </a>
                {r.updatedAt && (
                  <span className="text-xs text-slate-500">
                    <When iso={r.updatedAt} />
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      </HomePanel>
      <HomePanel title={t("newPatients")} href="/patients" linkLabel={t("allPatients")}>
        <EventLines events={home.newPatients} empty={t("noNewPatients")} />
      </HomePanel>
      <HomePanel title={t("activePlans")} href="/plans" linkLabel={t("openPlans")}>
        {home.activePlans === null ? (
          <Unavailable signIn={home.signIn} />
        ) : home.activePlans.length === 0 ? (
          <Empty>{t("noActivePlans")}</Empty>
        ) : (
          <ul className="space-y-1">
            {home.activePlans.map((p) => (
              <li key={p.id} className="flex flex-wrap justify-between gap-x-3">
                <Link href={p.patientId ? planHref(p.patientId, p.id) : "/plans"} className="hover:underline">
                  {planLine(p)}
                </Link>
                {p.updatedAt && (
                  <span className="text-xs text-slate-500">
                    {t.rich("changed", { when: () => <When iso={p.updatedAt} /> })}
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      </HomePanel>
    </>
  );
}

export function TodayPanel({
  today,
  latest,
  day,
}: {
  today: { category: string; count: number }[];
  latest: HomeEvent[];
  day: string;
}) {
  const t = useTranslations("home.today");
  const say = useTranslations();
  return (
    <HomePanel title={t("title")} href={`/events?date=${day}`} linkLabel={t("open")}>
      {today.length === 0 && latest.length === 0 ? (
        <Empty>{t("nothing")}</Empty>
      ) : (
        <>
          <ul className="flex flex-wrap gap-2" aria-label={t("byCategory")}>
            {today.map((c) => (
              <li key={c.category}>
                <Link
                  href={`/events?category=${c.category}&date=${day}`}
                  className="inline-block rounded-md border border-slate-200 px-2 py-1 hover:border-brand-600"
                >
                  {t.rich("count", {
                    category: categoryLabel(c.category, say),
                    count: c.count,
                    strong: (chunks) => <strong>{chunks}</strong>,
                  })}
                </Link>
              </li>
            ))}
          </ul>
          <div className="mt-3">
            <EventLines events={latest} empty={t("nothing")} />
          </div>
        </>
      )}
    </HomePanel>
  );
}
