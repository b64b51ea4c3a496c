// A patient search in the audit trail: what was searched and which patients it showed (by id), so a
// clinic can answer who looked for whom. Listing without a search is not an entry: it is the page
// opening, and paging through it would fill the trail with noise.
import "server-only";
import type { Caller } from "@/lib/people/caller";
import type { PaginationMeta } from "@/lib/contract";
import { recordAudit } from "@/lib/audit/record";

export async function auditPatientSearch(
  caller: Caller,
  search: string | undefined,
  page: { items: Array<{ id: string }>; meta: PaginationMeta },
): Promise<void> {
  if (!search) return;
  await recordAudit({
    clinicId: caller.clinicId,
    actorUserId: caller.user.id,
    action: "patients.searched",
    details: {
      search,
      page: page.meta.current_page,
      matches: page.meta.total_count,
      shownPatientIds: page.items.map((p) => p.id),
    },
  });
}
