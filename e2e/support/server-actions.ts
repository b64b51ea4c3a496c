// Calling a server action over HTTP the way the browser does: POST to a page of the action with
// `Next-Action: <id>` (from the build's server-reference manifest) and the arguments encoded by
// React's own encodeReply (a JSON string, or multipart when an argument is a FormData). The answer
// is decoded from the RSC stream: the action's return value, Next.js's redirect to sign-in, its
// not-found, or an opaque error digest.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { APIRequestContext, APIResponse } from "@playwright/test";

interface ManifestEntry {
  workers: Record<string, unknown>;
  filename: string;
  exportedName: string;
}

const { encodeReply } = createRequire(import.meta.url)("next/dist/compiled/react-server-dom-turbopack/client.node") as {
  encodeReply: (args: unknown[]) => Promise<string | FormData>;
};

let manifest: Record<string, ManifestEntry> | undefined;

/** `file#export`, e.g. `app/resources/actions.ts#loadResources`. */
export type ActionRef = `${string}.ts#${string}`;

export function actionTarget(ref: ActionRef): { id: string; page: string } {
  manifest ??= (
    JSON.parse(readFileSync(".next/server/server-reference-manifest.json", "utf8")) as {
      node: Record<string, ManifestEntry>;
    }
  ).node;
  const [file, name] = ref.split("#");
  const found = Object.entries(manifest).find(([, e]) => e.filename === file && e.exportedName === name);
  if (!found) throw new Error(`no server action ${ref} in the build's manifest (rebuild?)`);
  // A page that has the action (one the layout holds is listed for every page, the not-found page first).
  const workers = Object.keys(found[1].workers);
  const worker = workers.find((w) => !w.includes("_not-found")) ?? workers[0];
  return { id: found[0], page: `/${worker.replace(/^app\//, "").replace(/\/?page$/, "")}` };
}

export const ACTION_HEADERS = { Accept: "text/x-component" } as const;

/** The request as the browser sends it; `body` overrides encodeReply (a hand-made, hostile body). */
export { encodeReply };

/** The arguments a browser sent as a JSON body, React's escapes undone (an undefined keeps its key). */
export function decodeJsonArgs(body: string): unknown[] {
  const revive = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(revive);
    if (value && typeof value === "object")
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, revive(v)]));
    return reviveModel("", value);
  };
  return revive(JSON.parse(body)) as unknown[];
}

export async function postAction(
  api: APIRequestContext,
  ref: ActionRef,
  args: unknown[],
  options: { body?: string; headers?: Record<string, string> } = {},
): Promise<APIResponse> {
  const { id, page } = actionTarget(ref);
  const encoded = options.body ?? (await encodeReply(args));
  const headers = { ...ACTION_HEADERS, "Next-Action": id, ...options.headers };
  if (typeof encoded === "string") {
    return api.post(page, {
      headers: { ...headers, "Content-Type": "text/plain;charset=UTF-8" },
      data: encoded,
      maxRedirects: 0,
    });
  }
  return api.post(page, { headers, multipart: encoded, maxRedirects: 0 });
}

export type ActionAnswer =
  | { kind: "result"; value: unknown }
  | { kind: "sign-in"; location: string }
  | { kind: "not-found" }
  | { kind: "error"; digest: string }
  | { kind: "other"; status: number; text: string };

/** React's escapes in a plain model: `$undefined`, and `$$` for a string that began with `$`. */
function reviveModel(_key: string, value: unknown): unknown {
  if (value === "$undefined") return undefined;
  return typeof value === "string" && value.startsWith("$$") ? value.slice(1) : value;
}

/** Rows of the RSC stream are `<hex id>:<json>`; the action's value is the row that `0:` points at. */
/** An answer as the API client or the browser (page.on("response")) received it. */
export interface ReceivedAnswer {
  text(): Promise<string>;
  status(): number;
  headers(): Record<string, string>;
}

export async function decodeAnswer(response: ReceivedAnswer): Promise<{ answer: ActionAnswer; text: string }> {
  const text = await response.text();
  const status = response.status();
  const redirect = response.headers()["x-action-redirect"];
  if (status === 200 && redirect) return { answer: { kind: "sign-in", location: redirect }, text };
  if (status === 404 && (response.headers()["content-type"] ?? "").startsWith("text/x-component"))
    return { answer: { kind: "not-found" }, text };
  const rows = new Map<string, string>();
  for (const line of text.split("\n")) {
    const m = /^([0-9a-f]+):(.*)$/.exec(line);
    if (m) rows.set(m[1], m[2]);
  }
  const head = rows.get("0");
  const pointer = head ? /"a":"\$@([0-9a-f]+)"/.exec(head)?.[1] : undefined;
  const row = pointer ? rows.get(pointer) : undefined;
  if (row?.startsWith("E"))
    return {
      answer: { kind: "error", digest: String((JSON.parse(row.slice(1)) as { digest?: string }).digest) },
      text,
    };
  if (status === 200 && row !== undefined)
    return { answer: { kind: "result", value: JSON.parse(row, reviveModel) as unknown }, text };
  return { answer: { kind: "other", status, text }, text };
}

/** Every server action of the build, as `file#export`. */
export function allActions(): ActionRef[] {
  actionTarget("app/resources/actions.ts#loadResources"); // reads the manifest
  return Object.values(manifest ?? {})
    .map((e) => `${e.filename}#${e.exportedName}` as ActionRef)
    .filter((ref, i, all) => all.indexOf(ref) === i)
    .sort();
}
