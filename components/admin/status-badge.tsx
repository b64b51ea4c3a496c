// A state as a coloured pill with its name in words (colour is never the only cue).
const TONES = {
  good: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  warn: "bg-amber-50 text-amber-900 ring-amber-200",
  bad: "bg-red-50 text-red-800 ring-red-200",
  off: "bg-slate-100 text-slate-700 ring-slate-200",
} as const;

export type Tone = keyof typeof TONES;

const STATES: Record<string, { label: string; tone: Tone }> = {
  connected: { label: "Connected", tone: "good" },
  expiring: { label: "Expiring", tone: "warn" },
  broken: { label: "Broken", tone: "bad" },
  revoked: { label: "Revoked", tone: "off" },
  none: { label: "Not connected", tone: "off" },
  not_entered: { label: "Not entered", tone: "off" },
  waiting: { label: "Waiting for activation", tone: "warn" },
  activated: { label: "Activated", tone: "good" },
  queued: { label: "Queued", tone: "warn" },
  running: { label: "Running", tone: "warn" },
  succeeded: { label: "Succeeded", tone: "good" },
  failed: { label: "Failed", tone: "bad" },
  configured: { label: "Configured", tone: "good" },
  local_default: { label: "Local default", tone: "warn" },
  missing: { label: "Missing", tone: "bad" },
  failing: { label: "Failing", tone: "warn" },
  disabled: { label: "Disabled", tone: "bad" },
  open: { label: "Needs attention", tone: "warn" },
  acknowledged: { label: "Acknowledged", tone: "off" },
  resolved: { label: "Resolved", tone: "good" },
};

export function StatusBadge({ state, label }: { state: string; label?: string }) {
  const known = STATES[state] ?? { label: state, tone: "off" as const };
  return (
    <span
      data-state={state}
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${TONES[known.tone]}`}
    >
      {label ?? known.label}
    </span>
  );
}
