// The library's first page, read while the resources page is rendered: the page then arrives with
// its rows, one platform call after the request instead of a page, then a server action (the browser
// runs a page's actions one at a time, so the library's list would wait behind the plan list's). Only the
// plain first page of a practitioner's own library (no page, size or filter in the address); any
// other view, and any failure here, is left to the browser's query, which says what went wrong.
import "server-only";
import { clientForUser } from "@/lib/auth/platform-client";
import type { ResourceRecord } from "@/lib/contract";
import { FIRST_PAGE_SIZE, type ListPage } from "@/lib/resources/list-filter";
import { log } from "@/lib/log/logger";

export async function libraryFirstPage(
  user: { id: string; platformUserId: string },
  params: Record<string, string | string[] | undefined>,
): Promise<ListPage<ResourceRecord> | undefined> {
  // The browser uses these rows only for the plain list (library-list.tsx), so any filter in the
  // address (the type and category too, since the filters moved there) makes them a wasted call.
  if (["page", "size", "q", "type", "category"].some((name) => params[name] !== undefined)) return undefined;
  try {
    const client = await clientForUser(user.id);
    return await client.resources.list(user.platformUserId, { number: 1, size: FIRST_PAGE_SIZE });
  } catch (error) {
    log.warn(`resources: the library's first page was left to the browser: ${(error as Error).name}`);
    return undefined;
  }
}
