// Practitioner resources and service-provided resources (spec 4.2).
import { z } from "zod";
import {
  CLINIC_PATHS,
  ResourceListResponseSchema,
  ResourceResponseSchema,
  ServiceResourceListResponseSchema,
  type ResourceCreateInput,
  type ResourceRecord,
  type ResourceUpdateInput,
  type ServiceResourceRecord,
} from "@/lib/contract";
import { ResourceDeleteResponseSchema } from "@/lib/contract/client-extras";
import { iterateAll, pageQuery, type Page, type PageRequest } from "@/lib/clinic-api/pagination";
import type { Send } from "@/lib/clinic-api/transport";
import type { DataUri } from "@/lib/clinic-api/json-body";

/** A body whose file may be a DataUri, written into the request's bytes without copies. */
type WithFile<T> = Omit<T, "attachment"> & { attachment?: string | DataUri };

export function resourceCalls(send: Send) {
  const list = async (practitionerId: string, page?: PageRequest): Promise<Page<ResourceRecord>> => {
    const r = await send({
      method: "GET",
      path: CLINIC_PATHS.practitionerResources(practitionerId),
      query: pageQuery(page),
      schema: ResourceListResponseSchema,
    });
    return { items: r.resources, meta: r.meta };
  };
  const listService = async (page?: PageRequest): Promise<Page<ServiceResourceRecord>> => {
    const r = await send({
      method: "GET",
      path: CLINIC_PATHS.serviceResources,
      query: pageQuery(page),
      schema: ServiceResourceListResponseSchema,
    });
    return { items: r.service_resources, meta: r.meta };
  };
  const one = (practitionerId: string, id: string) => CLINIC_PATHS.practitionerResource(practitionerId, id);
  return {
    list,
    all: (practitionerId: string) => iterateAll((page) => list(practitionerId, page)),
    get: async (practitionerId: string, id: string) =>
      (await send({ method: "GET", path: one(practitionerId, id), schema: ResourceResponseSchema })).resource,
    create: async (practitionerId: string, input: WithFile<ResourceCreateInput> & { attachment: string | DataUri }) =>
      (
        await send({
          method: "POST",
          path: CLINIC_PATHS.practitionerResources(practitionerId),
          body: input,
          schema: ResourceResponseSchema,
        })
      ).resource,
    update: async (practitionerId: string, id: string, input: WithFile<ResourceUpdateInput>) =>
      (await send({ method: "PUT", path: one(practitionerId, id), body: input, schema: ResourceResponseSchema }))
        .resource,
    delete: async (practitionerId: string, id: string): Promise<z.infer<typeof ResourceDeleteResponseSchema>> =>
      send({ method: "DELETE", path: one(practitionerId, id), schema: ResourceDeleteResponseSchema }),
    listService,
    allService: () => iterateAll(listService),
  };
}
