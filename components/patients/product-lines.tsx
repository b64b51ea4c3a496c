// Products as a person reads them, in a plan or an order: "2 × Vitamin D3 · Thorne", then the dosage
// when the plan gives one. A product no event named is "Product", its variant id as small print.
import { useTranslations } from "next-intl";
import type { ProductLine } from "@/lib/patients/lines";

export function ProductLines({ lines, label }: { lines: ProductLine[]; label: string }) {
  const t = useTranslations("patient.products");
  return (
    <ul aria-label={label} className="space-y-1.5">
      {lines.map((line, i) => (
        <li key={`${line.variantId ?? "line"}-${i}`} className="break-words">
          <span className="font-medium text-slate-900">
            {t("line", {
              counted: line.quantity === null ? "no" : "yes",
              quantity: line.quantity ?? 0,
              named: line.name ? "yes" : "no",
              name: line.name ?? "",
            })}
          </span>
          {line.brand && <span className="text-slate-600"> · {line.brand}</span>}
          {line.kind === "labs" && <span className="text-slate-600"> · {t("lab")}</span>}
          {line.dosage && <span className="block text-slate-700">{t("dosage", { dosage: line.dosage })}</span>}
          {!line.name && line.variantId && (
            <span className="block text-xs text-slate-500">{t("variant", { id: line.variantId })}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
