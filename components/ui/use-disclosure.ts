"use client";
// A button that shows and hides a panel (the phone's menus, a row's actions): its open state, the
// props its button takes, and Escape to close it with focus back on the button. A modal <dialog>
// opened from inside the panel handles its own Escape; the panel stays open behind it.
// `closeOnOutside`: a press anywhere outside `root` closes it too.
import { useEffect, useId, useRef, useState, type RefObject } from "react";

export function useDisclosure(root?: RefObject<HTMLElement | null>) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const dialogOpen = () => document.querySelector("dialog[open]") !== null;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape" || dialogOpen()) return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      if (!dialogOpen() && root?.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    if (root) document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open, root]);
  return {
    open,
    close: () => setOpen(false),
    panelId,
    buttonProps: {
      ref: button,
      type: "button" as const,
      "aria-expanded": open,
      "aria-controls": panelId,
      onClick: () => setOpen((o) => !o),
    },
  };
}
