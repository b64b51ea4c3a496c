// How the timeline names and colours categories and shows delays (times: lib/format/time.ts).
export const CATEGORY_LABELS: Record<string, string> = {
  clinic_keys: "Clinic keys",
  lab_orders: "Lab orders",
  orders: "Orders",
  patients: "Patients",
  products: "Products",
  treatment_plans: "Treatment plans",
  other: "Other",
};

// Distinguishable for common colour-vision deficiencies (Okabe–Ito), and never the only cue: the
// legend and the table name every series.
export const CATEGORY_COLORS: Record<string, string> = {
  clinic_keys: "#E69F00",
  lab_orders: "#56B4E9",
  orders: "#009E73",
  patients: "#0072B2",
  products: "#D55E00",
  treatment_plans: "#CC79A7",
  other: "#7f7f7f",
};

export const categoryLabel = (c: string) => CATEGORY_LABELS[c] ?? c;

export function formatDelay(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 1) return "< 1 s";
  if (s < 60) return `${s} s`;
  const m = Math.round(s / 60);
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  if (h < 48) return m % 60 ? `${h} h ${m % 60} min` : `${h} h`;
  return `${Math.round(h / 24)} d`;
}
