"use client";
// One file in the upload list: its own fields, its progress bar, and what became of it.
import { useLocale, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { ProgressBar } from "@/components/ui/progress-bar";
import { RequestId } from "@/components/ui/states";
import { formatSize } from "@/lib/format/size";
import type { TreatmentPlanOption } from "@/lib/resources/treatment-plans";
import { ResourceFieldset } from "@/components/resources/resource-fieldset";
import type { UploadDraft } from "@/components/resources/use-upload-queue";
import { useStoredText } from "@/components/ui/stored-text";

interface Props {
  draft: UploadDraft;
  plans?: TreatmentPlanOption[];
  onChange: (patch: Partial<UploadDraft>) => void;
  onRemove: () => void;
  locked: boolean;
}

export function UploadItem({ draft, plans, onChange, onRemove, locked }: Props) {
  const busy = draft.status === "uploading" || draft.status === "saving";
  const t = useTranslations("resources.uploadItem");
  const storedText = useStoredText();
  const locale = useLocale();
  const label = t("uploadOf", { name: draft.file.name });
  return (
    <li
      data-upload={draft.file.name}
      data-status={draft.status}
      aria-label={draft.file.name}
      tabIndex={-1}
      className={`space-y-3 rounded-lg border bg-white p-4 ${draft.status === "failed" ? "border-red-300" : "border-slate-200"}`}
    >
      <div className="flex items-start justify-between gap-3">
        <div>
          <p className="font-medium text-slate-900">{draft.file.name}</p>
          <p className="text-xs text-slate-600">
            {formatSize(draft.file.size, locale)} · <span role="status">{t(`status.${draft.status}`)}</span>
          </p>
        </div>
        {draft.status !== "done" && (
          <Button
            size="sm"
            variant="ghost"
            disabled={busy || locked}
            onClick={onRemove}
            aria-label={t("removeName", { name: draft.file.name })}
          >
            {t("remove")}
          </Button>
        )}
      </div>
      {draft.status !== "done" && (
        <ResourceFieldset
          value={draft.fields}
          onChange={(fields) => onChange({ fields })}
          errors={draft.failure?.errors}
          plans={plans}
          disabled={busy || locked}
        />
      )}
      {draft.status !== "ready" && (
        <ProgressBar
          label={label}
          value={draft.status === "saving" ? undefined : draft.progress}
          valueText={draft.status === "saving" ? t("saving") : draft.status === "failed" ? t("failed") : undefined}
          tone={draft.status === "failed" ? "error" : draft.status === "done" ? "done" : "brand"}
        />
      )}
      {draft.failure && (
        <div role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-900">
          <p>
            {t("notUploaded", {
              name: draft.file.name,
              message: storedText(draft.failure.message, draft.failure.values),
            })}
          </p>
          <RequestId id={draft.failure.requestId} />
          {draft.failure.errors.file && <p>{draft.failure.errors.file.join(" ")}</p>}
        </div>
      )}
    </li>
  );
}
