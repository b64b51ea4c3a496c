// A plan's dosage as a person reads it: the form is said once, whatever the amount already says.
import { describe, expect, it } from "vitest";
import { amountText, dosageText, recommendationLines } from "@/lib/patients/lines";
import type { TreatmentPlan } from "@/lib/contract";

const documented = (amount: string | null, format: string | null, extra: Record<string, unknown> = {}) => ({
  amount,
  frequency: null,
  duration: null,
  format,
  additional_info: null,
  time_of_day: [],
  ...extra,
});

describe("amountText: how much, in what form, the form said once", () => {
  it.each([
    ["1", "capsule", "1 capsule"],
    ["1-2", "capsule", "1-2 capsule"],
    ["1 capsule daily", "capsule", "1 capsule daily"],
    ["2 capsules", "capsule", "2 capsules"],
    ["2 Capsules daily with food", "capsule", "2 Capsules daily with food"],
    ["1 capsule(s)", "capsule", "1 capsule(s)"],
    ["1 capsule", "capsules", "1 capsule"],
    ["2 patches", "patch", "2 patches"],
    ["1 soft gel", "soft gel", "1 soft gel"],
    ["1", "soft gel", "1 soft gel"],
    ["1 scoop", "capsule", "1 scoop capsule"],
    // A word that only begins like the form is not the form.
    ["1 tablespoon", "tab", "1 tablespoon tab"],
    [null, "capsule", "capsule"],
    ["1", null, "1"],
  ])("%s and %s read %s", (amount, format, expected) => {
    expect(amountText(amount, format)).toBe(expected);
  });
});

describe("dosageText", () => {
  it("does not say the form twice when the amount holds the sandbox's sentence", () => {
    expect(dosageText(documented("1 capsule daily", "capsule"))).toBe("1 capsule daily");
  });

  it("composes the documented dosage object", () => {
    expect(dosageText(documented("1", "capsule", { frequency: "twice a day", time_of_day: ["morning"] }), "food")).toBe(
      "1 capsule · twice a day · morning · food",
    );
  });

  it("a plan's products become lines with the dosage said once", () => {
    const plan = {
      id: "tp_1",
      recommendations: [{ variant_id: "v1", units_to_purchase: 1, dosage: documented("1 capsule daily", "capsule") }],
    } as unknown as TreatmentPlan;
    const [line] = recommendationLines(plan, { v1: { product: "Magnesium", brand: "Pure Labs" } });
    expect(line).toMatchObject({ name: "Magnesium", dosage: "1 capsule daily" });
  });
});
