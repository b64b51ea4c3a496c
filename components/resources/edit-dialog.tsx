"use client";
// Edit a resource's fields and, optionally, replace its file. Without a new file the change is sent
// by the optimistic mutation and the dialog closes at once; with one, the file is uploaded with its
// progress shown here, and the dialog stays open until the platform has it.
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { ProgressBar } from "@/components/ui/progress-bar";
import { RequestId } from "@/components/ui/states";
import { RESOURCE_CATEGORIES, RESOURCE_TYPES } from "@/lib/contract/resource-values";
import type { ResourceRecord } from "@/lib/contract";
import { checkResourceFile, DROPZONE_ACCEPT, maxFileLabel } from "@/lib/resources/file-check";
import { checkResourceFields, type ResourceEdit } from "@/lib/resources/field-rules";
import { failure as failed, invalid, type ActionFailure } from "@/lib/results/result";
import type { TreatmentPlanOption } from "@/lib/resources/treatment-plans";
import { ResourceFieldset } from "@/components/resources/resource-fieldset";
import { libraryKey } from "@/components/resources/use-resources";
import { resourceForm, sendResourceForm } from "@/components/resources/upload-request";
import { useStoredText } from "@/components/ui/stored-text";

interface Props {
  resource: ResourceRecord;
  practitionerId: string | undefined;
  plans?: TreatmentPlanOption[];
  onSave: (fields: ResourceEdit) => void;
  onClose: () => void;
}

const ACCEPT = Object.values(DROPZONE_ACCEPT).flat().join(",");

/** A type or category the form does not offer (the platform may add some) starts unchosen. */
const offered = <T extends string>(list: readonly T[], value: string | null): T | "" =>
  list.find((v) => v === value) ?? "";

const fieldsOf = (r: ResourceRecord): ResourceEdit => ({
  name: r.name,
  type: offered(RESOURCE_TYPES, r.type),
  category: offered(RESOURCE_CATEGORIES, r.category),
  treatment_plan_id: r.treatment_plan_id ?? "",
  // Not documented on the record: one the practitioner's library lists is taken as saved to it.
  save_to_library: r.save_to_library === false ? "false" : "true",
});

/** The failure's sentence is the file field's own error (a file refused): the field says it, once. */
const saidBesideTheFile = (f: ActionFailure): boolean => f.errors.file?.includes(f.message) ?? false;

export function EditDialog({ resource, practitionerId, plans, onSave, onClose }: Props) {
  const qc = useQueryClient();
  const t = useTranslations("resources.edit");
  const say = useTranslations();
  const storedText = useStoredText();
  const locale = useLocale();
  const [fields, setFields] = useState<ResourceEdit>(() => fieldsOf(resource));
  const [file, setFile] = useState<File | null>(null);
  const [failure, setFailure] = useState<ActionFailure | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

  async function pickFile(picked: File | undefined) {
    setFailure(null);
    if (!picked) return setFile(null);
    const checked = checkResourceFile(picked.name, new Uint8Array(await picked.arrayBuffer()), locale);
    if (checked.ok) setFile(picked);
    else {
      const message = say(checked.problem.message, checked.problem.values);
      setFailure(failed("invalid", message, { errors: { file: [message] } }));
    }
  }

  // A failure made in the browser holds catalog keys (the schema's messages): say them here.
  const said = (f: ActionFailure): ActionFailure => ({
    ...f,
    message: say.has(f.message) ? say(f.message) : f.message,
    errors: Object.fromEntries(
      Object.entries(f.errors).map(([k, list]) => [k, list.map((e) => (say.has(e) ? say(e) : e))]),
    ),
  });

  async function submit() {
    const problems = checkResourceFields({ ...fields });
    if (Object.keys(problems).length) return setFailure(said(invalid(problems)));
    if (!file) {
      onSave(fields);
      return onClose();
    }
    setFailure(null);
    setProgress(0);
    const outcome = await sendResourceForm(
      `/api/resources/${encodeURIComponent(resource.id)}`,
      "PUT",
      resourceForm(fields as Record<string, string>, file, practitionerId),
      (p) => setProgress(p.total ? (p.loaded / p.total) * 100 : 0),
    );
    setProgress(null);
    if (!outcome.ok) return setFailure(outcome.failure);
    await qc.invalidateQueries({ queryKey: libraryKey(practitionerId) });
    onClose();
  }

  const busy = progress !== null;
  return (
    <Dialog open onClose={() => !busy && onClose()} title={t("title", { name: resource.name })} width="max-w-2xl">
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <ResourceFieldset value={fields} onChange={setFields} errors={failure?.errors} plans={plans} disabled={busy} />
        <Field
          label={t("replace")}
          hint={
            resource.attachment?.file_name
              ? t("replaceHint", { file: resource.attachment.file_name, limit: maxFileLabel(locale) })
              : t("replaceHintNoName", { limit: maxFileLabel(locale) })
          }
          errors={failure?.errors.file}
          announce={failure !== null && saidBesideTheFile(failure)}
        >
          {(p) => (
            // The browser's own file input writes "Choose File · No file chosen" in the browser's
            // language, not the page's: the input stays (keyboard, screen readers, its label) but is
            // drawn as a button and a file name in the catalog's words.
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <input
                {...p}
                type="file"
                accept={ACCEPT}
                disabled={busy}
                className="peer sr-only"
                onChange={(e) => void pickFile(e.target.files?.[0])}
              />
              <label
                htmlFor={p.id}
                aria-hidden
                className="cursor-pointer rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-800 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600 peer-disabled:cursor-not-allowed peer-disabled:text-slate-400 hover:bg-slate-50"
              >
                {t("chooseFile")}
              </label>
              <span aria-hidden className="min-w-0 text-sm break-all text-slate-600">
                {file ? file.name : t("noFileChosen")}
              </span>
            </div>
          )}
        </Field>
        {progress !== null && (
          <ProgressBar
            label={file ? t("uploadOf", { name: file.name }) : t("uploadOfNew")}
            value={progress >= 100 ? undefined : progress}
            valueText={progress >= 100 ? t("saving") : undefined}
          />
        )}
        {/* A refusal already said beside its field (the file's) is not said again here. */}
        {failure && !saidBesideTheFile(failure) && (
          <div role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-900">
            <p>{storedText(failure.message, failure.values)}</p>
            <RequestId id={failure.requestId} />
          </div>
        )}
        <div className="flex justify-end gap-2">
          <Button onClick={onClose} disabled={busy}>
            {t("cancel")}
          </Button>
          <Button type="submit" variant="primary" busy={busy}>
            {t("save")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
