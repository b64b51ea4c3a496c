// Server-action requests that no page of this app sends, refused by the app's server
// (lib/server/app-server.ts, before Next.js reads the body; `npm start` and `npm run dev` alike) with
// a plain answer before Next.js decodes them (Next.js would answer them with an opaque 500): a body declared
// larger than Next.js accepts for an action, a body that does not declare its length (sent in
// chunks: a browser always declares it, and a chunked 50 MB body would be read before the limit
// applies), and an Origin other than the host the request was sent to (a cross-site POST; Next.js
// refuses it too, later and less plainly), whether sent by the page's script or by a form without it. Pure: headers in. The `error` words stay English: no page of
// the app sends such a request, and Next.js's client never shows an action's error body to a person.
import { originProblem } from "@/lib/http/origin";
export const SERVER_ACTION_BODY_LIMIT_BYTES = 1024 * 1024; // Next.js's default serverActions.bodySizeLimit ("1mb")

export interface Refusal {
  status: number;
  error: string;
}

/** The request line, for a form posted without JavaScript (no Next-Action header to tell it by). */
export interface RequestLine {
  method?: string;
  path?: string;
}

const FORM_TYPES = /^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i;

/**
 * A form posted to a page: how a server action arrives from a page without JavaScript (its id is a
 * field of the body). Not the JSON routes (`/api/…`), which check their callers themselves.
 */
function isFormPostToPage(headers: Headers, line: RequestLine): boolean {
  return (
    line.method === "POST" &&
    !(line.path ?? "/").startsWith("/api/") &&
    FORM_TYPES.test(headers.get("content-type") ?? "")
  );
}

function crossOrigin(headers: Headers): Refusal | null {
  return originProblem(headers) ? { status: 403, error: "This request did not come from this app." } : null;
}

export function serverActionRefusal(headers: Headers, line: RequestLine = {}): Refusal | null {
  // Without JavaScript a cross-site form reaches the action with no Next-Action header: Next.js
  // would refuse it with a 500 and an error in the log; it gets the same 403 as the scripted path.
  if (!headers.has("next-action")) return isFormPostToPage(headers, line) ? crossOrigin(headers) : null;
  const length = headers.get("content-length");
  if (length === null) return { status: 411, error: "This request must state its length." };
  const declared = Number(length);
  if (Number.isFinite(declared) && declared > SERVER_ACTION_BODY_LIMIT_BYTES)
    return { status: 413, error: "This request is too large." };
  return crossOrigin(headers);
}
