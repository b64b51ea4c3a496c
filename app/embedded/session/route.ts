// POST /embedded/session: one fresh session grant per mount of the embedded page (lib/embedded).
import { handleMintRequest } from "@/lib/embedded/mint-route";

export const dynamic = "force-dynamic";

export function POST(request: Request): Promise<Response> {
  return handleMintRequest(request);
}
