// Edit of a resource with a replacement file (multipart, for upload progress). Edits without a new
// file go through the library's server action. DELETE: a delete the library sends as its page is
// left (lib/resources/delete.ts says why not the action); `?practitioner=` as staff act for one. A
// browser sends DELETE to another site only after a preflight this route never approves.
import { perform } from "@/lib/actions/builder";
import { respond } from "@/lib/actions/route";
import { DELETE_RESOURCE, deleteResourceWork } from "@/lib/resources/delete";
import { handleResourceUpload } from "@/lib/resources/upload";

export const dynamic = "force-dynamic";

export async function PUT(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  return handleResourceUpload(request, (await params).id);
}

export async function DELETE(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const resourceId = (await params).id;
  const practitionerId = new URL(request.url).searchParams.get("practitioner") ?? undefined;
  return respond(await perform(DELETE_RESOURCE, () => ({ resourceId, practitionerId }), deleteResourceWork));
}
