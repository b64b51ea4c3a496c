"use client";
// Sends one resource form (multipart) to the upload route with XMLHttpRequest, the browser API that
// reports upload progress (fetch does not). Resolves with the created/updated record or the route's
// failure in plain words; never rejects.
import type { ResourceRecord } from "@/lib/contract";
import { failure, type ActionFailure } from "@/lib/results/result";

export type UploadOutcome = { ok: true; resource: ResourceRecord } | { ok: false; failure: ActionFailure };

export interface UploadProgress {
  loaded: number;
  total: number;
}

/** The route's failure as it sent it (lib/results/result), or one in its shape when something else answered. */
function failureOf(status: number, body: unknown): ActionFailure {
  const b = (body ?? {}) as Partial<ActionFailure>;
  if (b.ok === false && typeof b.message === "string" && typeof b.code === "string")
    return { ...b, ok: false, code: b.code, message: b.message, errors: b.errors ?? {} };
  // Catalog keys, said where the failure is shown (useStoredText).
  if (status === 413) return failure("invalid", "resources.uploadItem.errors.tooLarge");
  return failure("unavailable", "resources.uploadItem.errors.http", { values: { status } });
}

export function sendResourceForm(
  url: string,
  method: "POST" | "PUT",
  form: FormData,
  onProgress: (p: UploadProgress) => void,
): Promise<UploadOutcome> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.responseType = "json";
    xhr.upload.onprogress = (e) => onProgress({ loaded: e.loaded, total: e.lengthComputable ? e.total : 0 });
    xhr.onload = () => {
      const body: unknown = xhr.response;
      if (xhr.status >= 200 && xhr.status < 300 && body && typeof body === "object" && "resource" in body) {
        resolve({ ok: true, resource: (body as { resource: ResourceRecord }).resource });
      } else {
        resolve({ ok: false, failure: failureOf(xhr.status, body) });
      }
    };
    xhr.onerror = () =>
      resolve({
        ok: false,
        failure: failure("unavailable", "actions.unreachable"),
      });
    xhr.onabort = () => resolve({ ok: false, failure: failure("refused", "resources.uploadItem.errors.cancelled") });
    xhr.send(form);
  });
}

/** The multipart body both routes read. */
export function resourceForm(
  fields: Record<string, string>,
  file: File | null,
  practitionerId: string | undefined,
): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (practitionerId) form.set("practitioner_id", practitionerId);
  if (file) form.set("file", file, file.name);
  return form;
}
