// JSON route handlers made by the action builder: the same roles, input schema, caller and result as
// a server action, answered as JSON with the failure's HTTP status. Reads the browser polls live
// here rather than in server actions, which a page runs one at a time: a poll must never wait
// behind a person's edit, nor an edit behind a poll.
import "server-only";
import type { z } from "zod";
import { perform, type ActionSpec, type Work } from "@/lib/actions/builder";
import { HTTP_STATUS, type ActionResult } from "@/lib/results/result";
import { requestTranslator } from "@/lib/auth/language";
import { localizeResult } from "@/lib/i18n/settle";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * A result as JSON, in the caller's language: 200 for success, the failure's status by its kind
 * unless `status` says otherwise.
 */
export async function respond<T>(result: ActionResult<T>, status?: number): Promise<Response> {
  return Response.json(localizeResult(await requestTranslator(), result), {
    status: status ?? (result.ok ? 200 : HTTP_STATUS[result.code]),
    headers: NO_STORE,
  });
}

type Params = Record<string, string | string[] | undefined>;

/** The query string as an object (a repeated key keeps its first value), with the route's params. */
export function queryInput(request: Request, params: Params = {}): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  for (const [key, value] of new URL(request.url).searchParams) if (!(key in query)) query[key] = value;
  return { ...query, ...params };
}

/** `GET` (or any method) answered by `work`; the input is the query string and the route's params. */
export function defineRoute<T, S extends z.ZodType | undefined = undefined>(
  spec: ActionSpec<S>,
  work: Work<S, T>,
): (request: Request, context: { params: Promise<Params> }) => Promise<Response> {
  return async (request, context) => {
    const params = (await context?.params) ?? {};
    return respond(await perform(spec, () => queryInput(request, params), work));
  };
}
