// A state as a coloured pill with its name in words (colour is never the only cue; the words are the
// catalogs' `admin.states.*`).
import { useTranslations } from "next-intl";

const TONES = {
  good: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  warn: "bg-amber-50 text-amber-900 ring-amber-200",
  bad: "bg-red-50 text-red-800 ring-red-200",
  off: "bg-slate-100 text-slate-700 ring-slate-200",
} as const;

export type Tone = keyof typeof TONES;

const STATES: Record<string, Tone> = {
  connected: "good",
  expiring: "warn",
  broken: "bad",
  revoked: "off",
  none: "off",
  not_entered: "off",
  waiting: "warn",
  activated: "good",
  queued: "warn",
  running: "warn",
  succeeded: "good",
  failed: "bad",
  configured: "good",
  local_default: "warn",
  missing: "bad",
  failing: "warn",
  disabled: "bad",
  open: "warn",
  acknowledged: "off",
  resolved: "good",
};

export function StatusBadge({ state, label, tone: given }: { state: string; label?: string; tone?: Tone }) {
  const say = useTranslations();
  const tone = given ?? STATES[state] ?? "off";
  return (
    <span
      data-state={state}
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${TONES[tone]}`}
    >
      {label ?? (state in STATES ? say(`admin.states.${state}`) : state)}
    </span>
  );
}

/**
 * The clinic key's state: "revoked" has words of its own (the key is feminine in French, a
 * connection's state is not). A revoked key stops every webhook (red, unlike a person's revoked
 * connection), and a key not entered yet is the admin's next step (amber, not grey).
 */
const KEY_TONES: Record<string, Tone> = { revoked: "bad", refused: "bad", not_entered: "warn" };
const KEY_LABELS: Record<string, string> = { revoked: "admin.states.keyRevoked", refused: "admin.states.keyRefused" };

export function ClinicKeyBadge({ state }: { state: string }) {
  const say = useTranslations();
  return (
    <StatusBadge state={state} tone={KEY_TONES[state]} label={KEY_LABELS[state] ? say(KEY_LABELS[state]) : undefined} />
  );
}
