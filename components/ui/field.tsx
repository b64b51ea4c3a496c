// A labelled form control with its hint and errors wired for screen readers (aria-describedby,
// aria-invalid). Pass the control as a render function that receives those attributes.
import { useTranslations } from "next-intl";
import { useId, type ReactNode } from "react";

export interface ControlProps {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: boolean;
}

interface FieldProps {
  label: string;
  hint?: ReactNode;
  errors?: string[];
  children: (props: ControlProps) => ReactNode;
  className?: string;
  /**
   * The errors are said aloud when they appear (role="alert"): for a field whose error comes on its
   * own, as a chosen file's refusal does, with no form-level message to announce it.
   */
  announce?: boolean;
}

export const inputClass =
  "w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm aria-[invalid=true]:border-red-500";

export function Field({ label, hint, errors, children, className = "", announce = false }: FieldProps) {
  // Errors made on the server for a page (its filters) or in the browser are still catalog keys.
  const say = useTranslations();
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = errors?.length ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`space-y-1 ${className}`}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children({ id, "aria-describedby": describedBy, "aria-invalid": errorId ? true : undefined })}
      {hint && (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {errorId && (
        <p id={errorId} role={announce ? "alert" : undefined} className="text-xs text-red-700">
          {errors?.map((e) => (say.has(e) ? say(e) : e)).join(" ")}
        </p>
      )}
    </div>
  );
}
