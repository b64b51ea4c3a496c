"use client";
// Tabs with the WAI-ARIA pattern: a tablist, arrow keys move between tabs, the panel is labelled by
// its tab. A panel is mounted the first time it is shown and then kept (hidden) so work in progress
// in it, such as an upload, survives a look at another tab.
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";

export interface TabItem<K extends string> {
  key: K;
  label: string;
  panel: ReactNode;
}

interface TabsProps<K extends string> {
  label: string;
  tabs: TabItem<K>[];
  selected: K;
  onSelect: (key: K) => void;
}

export function Tabs<K extends string>({ label, tabs, selected, onSelect }: TabsProps<K>) {
  const base = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const index = Math.max(
    0,
    tabs.findIndex((t) => t.key === selected),
  );
  const [visited, setVisited] = useState<ReadonlySet<K>>(() => new Set([tabs[index].key]));
  if (!visited.has(tabs[index].key)) setVisited(new Set([...visited, tabs[index].key]));

  function onKeyDown(e: KeyboardEvent) {
    const step = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const next = (index + step + tabs.length) % tabs.length;
    onSelect(tabs[next].key);
    refs.current[next]?.focus();
  }

  return (
    <div>
      <div role="tablist" aria-label={label} onKeyDown={onKeyDown} className="flex gap-1 border-b border-slate-200">
        {tabs.map((tab, i) => (
          <button
            key={tab.key}
            ref={(el) => {
              refs.current[i] = el;
            }}
            id={`${base}-tab-${tab.key}`}
            role="tab"
            type="button"
            aria-selected={i === index}
            aria-controls={`${base}-panel-${tab.key}`}
            tabIndex={i === index ? 0 : -1}
            onClick={() => onSelect(tab.key)}
            className={`-mb-px border-b-2 px-4 py-2 text-sm font-medium ${i === index ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:text-slate-900"}`}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map(
        (tab, i) =>
          visited.has(tab.key) && (
            <div
              key={tab.key}
              role="tabpanel"
              id={`${base}-panel-${tab.key}`}
              aria-labelledby={`${base}-tab-${tab.key}`}
              hidden={i !== index}
              className="pt-4"
            >
              {tab.panel}
            </div>
          ),
      )}
    </div>
  );
}
