// One source's drift (an event type or an endpoint): each field in words, how many times, and when
// it was first and last seen, on the clinic's clock (<When>).
import { useTranslations } from "next-intl";
import type { DriftGroup, DriftLine } from "@/lib/drift/report";
import { DataTable, type Column } from "@/components/ui/data-table";
import { When } from "@/components/ui/when";
import { typeLabel } from "@/components/events/format";
import { endpointWords } from "@/lib/drift/endpoint-names";
import type { Say } from "@/lib/i18n/say";

/**
 * "Event: Patient added", "Platform answer: A patient's treatment plans": an event type and a
 * platform answer in words. An answer the app cannot name (lib/drift/endpoint-names.ts) shows as it is.
 */
export function driftSourceTitle(group: Pick<DriftGroup, "sourceKind" | "source">, say: Say): string {
  return say("admin.platformChanges.source", { kind: group.sourceKind, source: sourceWords(group, say) });
}

function sourceWords(group: Pick<DriftGroup, "sourceKind" | "source">, say: Say): string {
  if (group.sourceKind === "event") return typeLabel(group.source, say);
  const words = endpointWords(group.source);
  if (!words) return group.source;
  const category = words.values && say(`events.categories.${words.values.category}`);
  return say(`admin.platformChanges.endpoints.${words.key}`, category ? { category } : {});
}

/** The method and path an answer named in words was checked on, in small print (for whoever maintains the app). */
export function DriftSourcePath({ group }: { group: Pick<DriftGroup, "sourceKind" | "source"> }) {
  const t = useTranslations("admin.platformChanges");
  if (group.sourceKind !== "endpoint" || !endpointWords(group.source)) return null;
  return (
    <p className="text-xs text-slate-500" data-drift-endpoint={group.source}>
      {t.rich("answerPath", {
        endpoint: group.source,
        code: (chunks) => <code className="font-mono break-all">{chunks}</code>,
      })}
    </p>
  );
}

export function DriftTable({ group }: { group: DriftGroup }) {
  const t = useTranslations("admin.platformChanges");
  const say = useTranslations();
  const columns: Column<DriftLine>[] = [
    {
      key: "field",
      header: t("field"),
      title: true,
      cell: (line) =>
        t.rich(line.kind === "unknown" ? "unknownField" : "missingField", {
          path: line.path,
          code: (chunks) => <code className="break-all rounded bg-slate-100 px-1 py-0.5 font-mono">{chunks}</code>,
        }),
    },
    { key: "count", header: t("count"), cell: (line) => t("times", { count: line.count }) },
    { key: "first-seen", header: t("firstSeen"), cell: (line) => <When iso={line.firstSeen} /> },
    { key: "last-seen", header: t("lastSeen"), cell: (line) => <When iso={line.lastSeen} /> },
  ];
  return (
    <DataTable
      label={driftSourceTitle(group, say)}
      columns={columns}
      rows={group.lines}
      rowKey={(line) => `${line.kind} ${line.path}`}
      rowProps={(line) => ({ "data-drift-path": line.path, "data-drift-kind": line.kind })}
      bare
    />
  );
}
