// A determinate progress bar (value 0–100) or, without a value, an indeterminate one. Screen readers
// get role="progressbar" with the value and the label.
interface ProgressBarProps {
  label: string;
  value?: number;
  /** Spoken and shown beside the bar, e.g. "45%" or "Saving…". */
  valueText?: string;
  tone?: "brand" | "error" | "done";
}

const TONES = { brand: "bg-brand-600", error: "bg-red-600", done: "bg-emerald-600" } as const;

export function ProgressBar({ label, value, valueText, tone = "brand" }: ProgressBarProps) {
  const text = valueText ?? (value === undefined ? undefined : `${Math.round(value)}%`);
  return (
    <div className="flex items-center gap-3">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value === undefined ? undefined : Math.round(value)}
        aria-valuetext={text}
        className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={`h-full rounded-full ${TONES[tone]} ${value === undefined ? "w-1/3 animate-pulse" : "transition-[width] duration-150"}`}
          style={value === undefined ? undefined : { width: `${Math.max(0, Math.min(100, value))}%` }}
        />
      </div>
      {text && <span className="w-20 text-right text-xs tabular-nums text-slate-600">{text}</span>}
    </div>
  );
}
