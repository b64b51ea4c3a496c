// Upload of a new resource (multipart, so the browser can show real upload progress).
import { handleResourceUpload } from "@/lib/resources/upload";

export const dynamic = "force-dynamic";

export function POST(request: Request): Promise<Response> {
  return handleResourceUpload(request);
}
