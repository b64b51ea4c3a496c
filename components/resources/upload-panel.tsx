"use client";
// Upload with react-dropzone: drag and drop onto the zone, or its "Choose files" button, several
// files at once. The browser refuses what the server would (type by extension and by content, size)
// before anything is sent; the server checks again.
import { useCallback, useId, useState } from "react";
import { useDropzone, type FileRejection } from "react-dropzone";
import { Button } from "@/components/ui/button";
import { MAX_RESOURCE_FILE_BYTES } from "@/lib/contract";
import {
  ALLOWED_TYPES_LABEL,
  checkFileNameAndSize,
  checkResourceFile,
  DROPZONE_ACCEPT,
  MAX_FILE_LABEL,
} from "@/lib/resources/file-check";
import type { TreatmentPlanOption } from "@/lib/resources/treatment-plans";
import { UploadItem } from "@/components/resources/upload-item";
import { useUploadQueue } from "@/components/resources/use-upload-queue";

async function checkInBrowser(file: File) {
  const early = checkFileNameAndSize(file.name, file.size);
  if (early && !early.ok) return { code: early.problem.code, message: early.problem.message };
  const checked = checkResourceFile(file.name, new Uint8Array(await file.arrayBuffer()));
  return checked.ok ? null : { code: checked.problem.code, message: checked.problem.message };
}

function rejectionMessage({ file, errors }: FileRejection): string {
  const ours = checkFileNameAndSize(file.name, file.size);
  if (ours && !ours.ok) return ours.problem.message;
  return errors[0]?.message ?? "This file is not accepted.";
}

export function UploadPanel({
  practitionerId,
  plans,
}: {
  practitionerId: string | undefined;
  plans?: TreatmentPlanOption[];
}) {
  const hintId = useId();
  const queue = useUploadQueue(practitionerId);
  const [refused, setRefused] = useState<{ name: string; message: string }[]>([]);
  const onDrop = useCallback(
    (accepted: File[], rejected: FileRejection[]) => {
      queue.add(accepted);
      setRefused(rejected.map((r) => ({ name: r.file.name, message: rejectionMessage(r) })));
    },
    [queue],
  );
  const { getRootProps, getInputProps, isDragActive, isProcessing, open } = useDropzone({
    noClick: true,
    noKeyboard: true,
    accept: DROPZONE_ACCEPT,
    maxSize: MAX_RESOURCE_FILE_BYTES,
    multiple: true,
    validator: checkInBrowser,
    onDrop,
  });
  const waiting = queue.drafts.filter((d) => d.status === "ready" || d.status === "failed").length;

  return (
    <section aria-labelledby={`${hintId}-title`} className="space-y-4">
      <h2 id={`${hintId}-title`} className="text-lg font-semibold">
        Upload resources
      </h2>
      {/* The drop zone takes dropped files; the button inside opens the file chooser (a zone that is
          itself a button would hold the file input inside a control, and name itself unlike its text). */}
      <div
        {...getRootProps()}
        className={`rounded-lg border-2 border-dashed p-6 text-center transition-colors sm:p-8 ${isDragActive ? "border-brand-600 bg-brand-50" : "border-slate-300 bg-white"}`}
      >
        <input {...getInputProps({ "aria-label": "Choose files to upload" })} />
        <p className="font-medium text-slate-800">
          {isDragActive ? "Drop the files here" : "Drag and drop files here, or"}
        </p>
        <Button className="mt-2" onClick={open} aria-describedby={hintId}>
          Choose files
        </Button>
        <p id={hintId} className="mt-2 text-sm text-slate-600">
          {ALLOWED_TYPES_LABEL} · up to {MAX_FILE_LABEL} per file · several at once
        </p>
        {isProcessing && <p className="mt-1 text-sm text-slate-600">Checking the files…</p>}
      </div>
      {refused.length > 0 && (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          <p className="font-medium">Not accepted:</p>
          <ul className="list-disc pl-5">
            {refused.map((r, i) => (
              <li key={`${i}-${r.name}`} data-refused={r.name}>
                {r.name}: {r.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      {queue.drafts.length > 0 && (
        <>
          <ul aria-label="Files to upload" className="space-y-3">
            {queue.drafts.map((d) => (
              <UploadItem
                key={d.key}
                draft={d}
                plans={plans}
                locked={queue.running}
                onChange={(patch) => queue.update(d.key, patch)}
                onRemove={() => queue.remove(d.key)}
              />
            ))}
          </ul>
          <div className="flex gap-2">
            <Button
              variant="primary"
              busy={queue.running}
              disabled={waiting === 0}
              onClick={() => void queue.uploadAll()}
            >
              {waiting === 1 ? "Upload 1 file" : `Upload ${waiting} files`}
            </Button>
            <Button
              disabled={queue.running || !queue.drafts.some((d) => d.status === "done")}
              onClick={queue.clearDone}
            >
              Clear uploaded
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
