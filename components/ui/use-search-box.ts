"use client";
// A filter bar's search box: what is typed is sent after a short pause (one history entry per spell
// of typing, ./use-settled-typing.ts), and a search changed from elsewhere (Back, a link) shows in the
// box rather than being typed back. The search the box itself just sent is not put back, so letters
// typed since stay.
import { useEffect, useState } from "react";
import { useSettledTyping, type HistoryMode } from "@/components/ui/use-settled-typing";

export function useSearchBox<V extends { q?: string }>(
  value: V,
  onChange: (next: V, mode: HistoryMode) => void,
  pauseMs = 300,
) {
  const current = value.q ?? "";
  const [q, setQ] = useState(current);
  const [shownQ, setShownQ] = useState(current);
  const [sentQ, setSentQ] = useState<string | null>(null);
  if (current !== shownQ) {
    setShownQ(current);
    if (current !== sentQ) setQ(current);
    setSentQ(null);
  }
  const typing = useSettledTyping();
  useEffect(() => {
    if (q.trim() === (value.q ?? "")) return;
    const search = () => {
      setSentQ(q.trim());
      typing.change((mode) => onChange({ ...value, q: q.trim() || undefined }, mode));
    };
    const timer = setTimeout(search, pauseMs);
    return () => clearTimeout(timer);
  }, [q, value, onChange, typing, pauseMs]);
  return { q, setQ, settle: typing.settle };
}
