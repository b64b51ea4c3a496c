"use client";
// The files waiting to be uploaded, each with its own fields, progress and outcome. Uploads run one
// file at a time in the order they were added (a file's failure does not stop the others), so each
// progress bar is that file's real upload progress and the machine's memory holds one file at once.
import { useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState } from "react";
import { invalid, type ActionFailure } from "@/lib/results/result";
import { checkResourceFields, type ResourceEdit } from "@/lib/resources/field-rules";
import { libraryKey } from "@/components/resources/use-resources";
import { resourceForm, sendResourceForm } from "@/components/resources/upload-request";

export type UploadStatus = "ready" | "uploading" | "saving" | "done" | "failed";

export interface UploadDraft {
  key: string;
  file: File;
  fields: ResourceEdit;
  status: UploadStatus;
  /** 0–100: bytes of this file sent to the app. */
  progress: number;
  failure?: ActionFailure;
}

let counter = 0;
const nameOf = (file: File) => file.name.replace(/\.[^.]+$/, "").slice(0, 255) || file.name;

export function useUploadQueue(practitionerId: string | undefined) {
  const t = useTranslations("resources.toasts");
  const qc = useQueryClient();
  const [drafts, setDrafts] = useState<UploadDraft[]>([]);
  const [running, setRunning] = useState(false);
  const current = useRef<UploadDraft[]>([]);
  useEffect(() => {
    current.current = drafts;
  }, [drafts]);

  const update = useCallback((key: string, patch: Partial<UploadDraft>) => {
    setDrafts((all) => all.map((d) => (d.key === key ? { ...d, ...patch } : d)));
  }, []);

  const add = useCallback((files: File[]) => {
    const added = files.map((file) => ({
      key: `upload-${++counter}`,
      file,
      fields: {
        name: nameOf(file),
        type: "",
        category: "",
        treatment_plan_id: "",
        save_to_library: "true",
      } as ResourceEdit,
      status: "ready" as const,
      progress: 0,
    }));
    setDrafts((all) => [...all, ...added]);
  }, []);

  const remove = useCallback((key: string) => setDrafts((all) => all.filter((d) => d.key !== key)), []);
  const clearDone = useCallback(() => setDrafts((all) => all.filter((d) => d.status !== "done")), []);

  const uploadOne = useCallback(
    async (draft: UploadDraft) => {
      const problems = checkResourceFields({ ...draft.fields });
      if (Object.keys(problems).length) {
        update(draft.key, { status: "failed", failure: invalid(problems) });
        return;
      }
      update(draft.key, { status: "uploading", progress: 0, failure: undefined });
      const form = resourceForm(draft.fields as Record<string, string>, draft.file, practitionerId);
      const outcome = await sendResourceForm("/api/resources", "POST", form, ({ loaded, total }) => {
        const progress = total ? (loaded / total) * 100 : 0;
        // Once every byte reached the app, the app is passing the file on to the platform.
        update(draft.key, { progress, status: total && loaded >= total ? "saving" : "uploading" });
      });
      if (outcome.ok) {
        update(draft.key, { status: "done", progress: 100 });
        toast.success(t("uploaded", { name: draft.fields.name }));
        await qc.invalidateQueries({ queryKey: libraryKey(practitionerId) });
      } else {
        update(draft.key, { status: "failed", failure: outcome.failure });
      }
    },
    [practitionerId, qc, update, t],
  );

  const uploadAll = useCallback(async () => {
    setRunning(true);
    try {
      for (const draft of current.current.filter((d) => d.status === "ready" || d.status === "failed")) {
        const latest = current.current.find((d) => d.key === draft.key);
        if (latest) await uploadOne(latest);
      }
    } finally {
      setRunning(false);
    }
  }, [uploadOne]);

  return { drafts, running, add, update, remove, clearDone, uploadAll };
}
