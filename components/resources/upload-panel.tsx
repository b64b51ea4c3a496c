"use client";
// Upload with react-dropzone: drag and drop onto the zone, or its "Choose files" button, several
// files at once. The browser refuses what the server would (type by extension and by content, size)
// before anything is sent; the server checks again.
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import type { Say } from "@/lib/i18n/say";
import { useDropzone, type FileRejection } from "react-dropzone";
import { Button } from "@/components/ui/button";
import { MAX_RESOURCE_FILE_BYTES } from "@/lib/contract/resource-values";
import {
  ALLOWED_TYPES_LABEL,
  checkFileNameAndSize,
  checkResourceFile,
  DROPZONE_ACCEPT,
  maxFileLabel,
} from "@/lib/resources/file-check";
import type { TreatmentPlanOption } from "@/lib/resources/treatment-plans";
import { UploadItem } from "@/components/resources/upload-item";
import { useUploadQueue } from "@/components/resources/use-upload-queue";

async function checkInBrowser(file: File, locale: string) {
  const early = checkFileNameAndSize(file.name, file.size, locale);
  if (early && !early.ok) return { code: early.problem.code, message: JSON.stringify(early.problem) };
  const checked = checkResourceFile(file.name, new Uint8Array(await file.arrayBuffer()), locale);
  return checked.ok ? null : { code: checked.problem.code, message: JSON.stringify(checked.problem) };
}

/** Our checks travel through react-dropzone as JSON (key and values); its own say it in English. */
function rejectionMessage({ file, errors }: FileRejection, say: Say, locale: string): string {
  const ours = checkFileNameAndSize(file.name, file.size, locale);
  if (ours && !ours.ok) return say(ours.problem.message, ours.problem.values);
  try {
    const problem = JSON.parse(errors[0]?.message ?? "") as { message: string; values: Record<string, string> };
    return say(problem.message, problem.values);
  } catch {
    return say("resources.upload.notAccepted");
  }
}

export function UploadPanel({
  practitionerId,
  plans,
}: {
  practitionerId: string | undefined;
  plans?: TreatmentPlanOption[];
}) {
  const hintId = useId();
  const t = useTranslations("resources.upload");
  const say = useTranslations();
  const locale = useLocale();
  const queue = useUploadQueue(practitionerId);
  const [refused, setRefused] = useState<{ name: string; message: string }[]>([]);
  const onDrop = useCallback(
    (accepted: File[], rejected: FileRejection[]) => {
      queue.add(accepted);
      setRefused(rejected.map((r) => ({ name: r.file.name, message: rejectionMessage(r, say, locale) })));
    },
    [queue, say, locale],
  );
  const { getRootProps, getInputProps, inputRef, isDragActive, isProcessing, open } = useDropzone({
    noClick: true,
    noKeyboard: true,
    accept: DROPZONE_ACCEPT,
    maxSize: MAX_RESOURCE_FILE_BYTES,
    multiple: true,
    validator: (file: File) => checkInBrowser(file, locale),
    onDrop,
  });
  // Files chosen before the page's script ran (a quick tap on a slow phone) are in the input, but their
  // change came before anyone listened: it is sent again once the zone listens, through its own checks.
  const pickedEarly = useRef(false);
  useEffect(() => {
    const input = inputRef.current;
    if (pickedEarly.current || !input?.files?.length) return;
    pickedEarly.current = true;
    input.dispatchEvent(new Event("change", { bubbles: true }));
  }, [inputRef]);
  const waiting = queue.drafts.filter((d) => d.status === "ready" || d.status === "failed").length;
  // While sending, the button counts the files on their way (it still says how many it is sending).
  const sending = queue.drafts.filter((d) => d.status === "uploading" || d.status === "saving").length;
  const list = useRef<HTMLUListElement>(null);
  const actions = useRef<HTMLDivElement>(null);
  // When the queue is done the Upload button is disabled (nothing waits): rather than leave focus to
  // the top of the page, put it on the first file that failed (to fix it) or the last one uploaded.
  const uploadAll = async () => {
    await queue.uploadAll();
    const focused = document.activeElement;
    if (focused && focused !== document.body && !actions.current?.contains(focused)) return;
    const items = list.current?.querySelectorAll<HTMLElement>("li[data-upload]");
    const failed = list.current?.querySelector<HTMLElement>('li[data-status="failed"]');
    (failed ?? items?.[items.length - 1])?.focus();
  };

  return (
    <section aria-labelledby={`${hintId}-title`} className="space-y-4">
      <h2 id={`${hintId}-title`} className="text-lg font-semibold">
        {t("title")}
      </h2>
      {/* The drop zone takes dropped files; the button inside opens the file chooser (a zone that is
          itself a button would hold the file input inside a control, and name itself unlike its text). */}
      <div
        {...getRootProps()}
        className={`rounded-lg border-2 border-dashed p-6 text-center transition-colors sm:p-8 ${isDragActive ? "border-brand-600 bg-brand-50" : "border-slate-300 bg-white"}`}
      >
        <input {...getInputProps({ "aria-label": t("chooseLabel") })} />
        <p className="font-medium text-slate-800">{isDragActive ? t("drop") : t("dragOr")}</p>
        <Button className="mt-2" onClick={open} aria-describedby={hintId}>
          {t("choose")}
        </Button>
        <p id={hintId} className="mt-2 text-sm text-slate-600">
          {t("hint", { types: ALLOWED_TYPES_LABEL, limit: maxFileLabel(locale) })}
        </p>
        {isProcessing && <p className="mt-1 text-sm text-slate-600">{t("checking")}</p>}
      </div>
      {refused.length > 0 && (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          <p className="font-medium">{t("refused")}</p>
          <ul className="list-disc pl-5">
            {refused.map((r, i) => (
              <li key={`${i}-${r.name}`} data-refused={r.name}>
                {t("refusedItem", { name: r.name, message: r.message })}
              </li>
            ))}
          </ul>
        </div>
      )}
      {queue.drafts.length > 0 && (
        <>
          <ul ref={list} aria-label={t("files")} className="space-y-3">
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
          <div ref={actions} className="flex gap-2">
            {/* Nothing waiting (all sent, or refused until changed): no button offering to upload nothing. */}
            {(waiting > 0 || queue.running) && (
              <Button variant="primary" busy={queue.running} onClick={() => void uploadAll()}>
                {t("uploadCount", { count: queue.running ? Math.max(sending + waiting, 1) : waiting })}
              </Button>
            )}
            <Button
              disabled={queue.running || !queue.drafts.some((d) => d.status === "done")}
              onClick={queue.clearDone}
            >
              {t("clear")}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
