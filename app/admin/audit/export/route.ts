// GET /admin/audit/export: the clinic's audit trail as CSV, with the audit page's filters. Admins of
// the clinic only (401 signed out, 403 other roles, as every JSON route answers them); the export is
// itself an audit entry.
import { authorize } from "@/lib/actions/builder";
import { respond } from "@/lib/actions/route";
import { exportAuditCsv } from "@/lib/admin/audit-export";
import { SECTIONS } from "@/lib/auth/sections";

export const dynamic = "force-dynamic";

export async function GET(request: Request): Promise<Response> {
  const access = await authorize(SECTIONS.admin.roles);
  if (!access.ok) return respond(access.failure);
  return exportAuditCsv(access.caller, new URL(request.url).searchParams);
}
