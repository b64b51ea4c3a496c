// GET /admin/audit/export: the clinic's audit trail as CSV, with the audit page's filters. Admins of
// the clinic only (401 signed out, 403 other roles); the export is itself an audit entry.
import { authorizeRoute } from "@/lib/auth";
import { exportAuditCsv } from "@/lib/audit/export-response";

export const dynamic = "force-dynamic";

export async function GET(request: Request): Promise<Response> {
  const auth = await authorizeRoute("Admin");
  if (!auth.ok) return auth.response;
  return exportAuditCsv(auth.caller, new URL(request.url).searchParams);
}
