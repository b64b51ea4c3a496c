"use client";
// The resources page's client part: for staff, the practitioner picker first; then the tabs (the
// practitioner's library with its upload, and the platform-provided resources). The chosen
// practitioner and the tab live in the URL (?practitioner=, ?tab=) so a reload or a shared link keeps
// them, and each choice is a history entry that Back undoes.
import { usePathname } from "next/navigation";
import { goToAddress, useAddress } from "@/components/ui/use-address";
import { useState } from "react";
import { useTranslations } from "next-intl";
import { Tabs } from "@/components/ui/tabs";
import { EmptyState } from "@/components/ui/states";
import { LibraryList } from "@/components/resources/library-list";
import { PractitionerPicker } from "@/components/resources/practitioner-picker";
import { ServiceList } from "@/components/resources/service-list";
import { UploadPanel } from "@/components/resources/upload-panel";
import { ResourceActionsProvider, type ResourceActions } from "@/components/resources/resource-actions";
import { useTreatmentPlans } from "@/components/resources/use-resources";
import type { ResourceRecord } from "@/lib/contract";
import type { ListPage } from "@/lib/resources/list-filter";

export type Tab = "library" | "platform";

interface Props {
  isStaff: boolean;
  /** The signed-in practitioner's platform id (practitioners only). */
  selfId: string | undefined;
  initialPractitioner: string | undefined;
  /** The tab the URL names (`?tab=platform`); the library otherwise. */
  initialTab?: Tab;
  /** The resources route's server actions. */
  actions: ResourceActions;
  /** The library's first page as the server read it (a practitioner's own, plain first page). */
  initialLibrary?: ListPage<ResourceRecord>;
}

function Library({
  requestedId,
  practitionerId,
  initial,
}: {
  requestedId: string | undefined;
  practitionerId: string;
  initial?: ListPage<ResourceRecord>;
}) {
  // The plan list is not a documented path: where it answers 404 (null) or fails, the forms take a typed plan id.
  const plans = useTreatmentPlans(requestedId).data ?? undefined;
  return (
    <div className="space-y-8">
      <LibraryList requestedId={requestedId} practitionerId={practitionerId} plans={plans} initial={initial} />
      <UploadPanel practitionerId={requestedId} plans={plans} />
    </div>
  );
}

export function ResourceLibrary({ isStaff, selfId, initialPractitioner, initialTab, actions, initialLibrary }: Props) {
  const pathname = usePathname();
  const params = useAddress();
  const t = useTranslations("resources.page");
  // The server's reading of the address it served, and the address itself after any step since.
  const [served] = useState(() => params.toString());
  const atServed = params.toString() === served;
  const asked = params.get("practitioner") || undefined;
  const tab: Tab = atServed ? (initialTab ?? "library") : params.get("tab") === "platform" ? "platform" : "library";
  const chosen = isStaff
    ? atServed
      ? initialPractitioner
      : asked && asked.length <= 100
        ? asked
        : undefined
    : undefined;
  const practitionerId = isStaff ? chosen : selfId;

  // Another practitioner is another library: its page and filters start again; another tab keeps them.
  const go = (query: URLSearchParams) => {
    const search = query.toString();
    goToAddress(search ? `${pathname}?${search}` : pathname);
  };
  const setChosen = (id: string | undefined) => {
    const query = new URLSearchParams();
    if (id) query.set("practitioner", id);
    if (tab !== "library") query.set("tab", tab);
    go(query);
  };
  const setTab = (next: Tab) => {
    const query = new URLSearchParams(params.toString());
    if (next === "library") query.delete("tab");
    else query.set("tab", next);
    go(query);
  };

  return (
    <ResourceActionsProvider actions={actions}>
      <div className="space-y-6">
        {isStaff && <PractitionerPicker value={chosen} onChange={setChosen} />}
        <Tabs
          label={t("title")}
          selected={tab}
          onSelect={setTab}
          tabs={[
            {
              key: "library",
              label: isStaff ? t("practitionerLibrary") : t("myLibrary"),
              panel: practitionerId ? (
                <Library
                  key={practitionerId}
                  requestedId={isStaff ? practitionerId : undefined}
                  practitionerId={practitionerId}
                  initial={isStaff ? undefined : initialLibrary}
                />
              ) : (
                <EmptyState title={t("chooseFirst")}>{t("chooseFirstHint")}</EmptyState>
              ),
            },
            { key: "platform", label: t("platformTab"), panel: <ServiceList /> },
          ]}
        />
      </div>
    </ResourceActionsProvider>
  );
}
