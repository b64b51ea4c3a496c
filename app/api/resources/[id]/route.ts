// Edit of a resource with a replacement file (multipart, for upload progress). Edits without a new
// file go through the library's server action.
import { handleResourceUpload } from "@/lib/resources/upload";

export const dynamic = "force-dynamic";

export async function PUT(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  return handleResourceUpload(request, (await params).id);
}
