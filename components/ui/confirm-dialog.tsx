"use client";
// "Are you sure?" for actions that cannot be undone. Focus starts on Cancel, the safe choice.
import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
}

export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  onConfirm,
  onCancel,
  busy,
}: ConfirmDialogProps) {
  const t = useTranslations("states");
  return (
    <Dialog open={open} onClose={onCancel} title={title} description={description} width="max-w-md">
      <div className="flex justify-end gap-2">
        <Button data-autofocus onClick={onCancel}>
          {t("cancel")}
        </Button>
        <Button variant="danger" busy={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
