"use client";
// The server actions the library calls, handed in by the resources page (components never import a
// route's actions: the page owns them, and a test or another page can hand in others).
import { createContext, useContext, type ReactNode } from "react";
import type { ActionResult } from "@/lib/results/result";
import type { ResourceRecord, ServiceResourceRecord } from "@/lib/contract";
import type { ResourceEdit, ResourceListQuery } from "@/lib/resources/fields";
import type { ListPage } from "@/lib/resources/list-filter";
import type { PractitionerOption } from "@/lib/resources/practitioners";
import type { TreatmentPlanOption } from "@/lib/resources/treatment-plans";

type ResourceTarget = { practitionerId: string | undefined; resourceId: string };

export interface ResourceActions {
  loadResources(query: ResourceListQuery): Promise<ActionResult<ListPage<ResourceRecord>>>;
  loadServiceResources(query: ResourceListQuery): Promise<ActionResult<ListPage<ServiceResourceRecord>>>;
  loadPractitioners(): Promise<ActionResult<PractitionerOption[]>>;
  loadTreatmentPlans(input: {
    practitionerId: string | undefined;
  }): Promise<ActionResult<TreatmentPlanOption[] | null>>;
  updateResourceDetails(input: ResourceTarget & ResourceEdit): Promise<ActionResult<ResourceRecord>>;
  deleteResource(input: ResourceTarget): Promise<ActionResult<{ id: string }>>;
}

const ResourceActionsContext = createContext<ResourceActions | null>(null);

export function ResourceActionsProvider({ actions, children }: { actions: ResourceActions; children: ReactNode }) {
  return <ResourceActionsContext.Provider value={actions}>{children}</ResourceActionsContext.Provider>;
}

export function useResourceActions(): ResourceActions {
  const actions = useContext(ResourceActionsContext);
  if (!actions) throw new Error("useResourceActions: wrap the library in <ResourceActionsProvider>");
  return actions;
}
