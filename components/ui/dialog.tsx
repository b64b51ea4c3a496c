"use client";
// A modal dialog on the native <dialog> element: the browser traps focus, Escape closes it and the
// rest of the page is inert. Controlled by `open`; `onClose` runs for Escape, the close button and
// a click on the backdrop. Mark the control that should take focus first with data-autofocus.
// Centred in the viewport and never wider or taller than it (its body scrolls instead). When it
// closes (or unmounts), focus goes back to where the person was: see `returnFocus`.
import { useEffect, useId, useRef, type ReactNode } from "react";
import { useTranslations } from "next-intl";
import { focusBackPlan, returnFocus } from "@/components/ui/focus-return";

interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** Width class, e.g. "max-w-lg". */
  width?: string;
}

export function Dialog({ open, onClose, title, description, children, width = "max-w-lg" }: DialogProps) {
  const t = useTranslations("states");
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const plan = focusBackPlan(document.activeElement);
      dialog.showModal();
      // showModal focuses the first focusable element (the close button); a caller marks the safer
      // starting point with data-autofocus (React's autoFocus runs before the dialog is open).
      dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus();
      return () => {
        if (dialog.open) dialog.close();
        returnFocus(plan);
      };
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === ref.current) onClose();
      }}
      className={`m-auto max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] ${width} overflow-y-auto rounded-lg bg-white p-0 text-slate-900 shadow-xl backdrop:bg-black/40`}
    >
      {open && (
        <div className="space-y-4 p-4 sm:p-6">
          <div className="flex items-start justify-between gap-4">
            <h2 id={titleId} className="min-w-0 text-lg font-semibold break-words">
              {title}
            </h2>
            <button
              type="button"
              onClick={onClose}
              className="rounded p-1 text-slate-500 hover:bg-slate-100"
              aria-label={t("close")}
            >
              <span aria-hidden>×</span>
            </button>
          </div>
          {description && (
            <div id={descriptionId} className="text-sm text-slate-600">
              {description}
            </div>
          )}
          {children}
        </div>
      )}
    </dialog>
  );
}
