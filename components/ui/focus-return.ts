// Where focus goes back to when a dialog closes or an action finishes: the control the person used,
// or, when that control is gone (its row was deleted), the next sensible place: the same control
// of the next row, or of the previous one, then the list itself, then the page's heading. The plan
// is taken when the dialog opens, as rows may be gone by the time it closes.
const FOCUSABLE = "button:not([disabled]), a[href], input:not([disabled]), select:not([disabled]), [tabindex]";

export interface FocusPlan {
  candidates: HTMLElement[];
}

function sameControlIn(row: Element | null, opener: HTMLElement): HTMLElement | null {
  if (!row) return null;
  const text = opener.textContent?.trim();
  const controls = [...row.querySelectorAll<HTMLElement>(FOCUSABLE)];
  return controls.find((c) => c.tagName === opener.tagName && c.textContent?.trim() === text) ?? controls[0] ?? null;
}

export function focusBackPlan(active: Element | null): FocusPlan {
  if (!(active instanceof HTMLElement) || active === document.body) return { candidates: [] };
  const row = active.closest("tr, li");
  const list = row?.closest("table, ol, ul");
  const candidates = [
    active,
    sameControlIn(row?.nextElementSibling ?? null, active),
    sameControlIn(row?.previousElementSibling ?? null, active),
    list instanceof HTMLElement ? list : null,
  ].filter((c): c is HTMLElement => c !== null);
  return { candidates };
}

function focusFirst(plan: FocusPlan): void {
  const target =
    plan.candidates.find((c) => c.isConnected && c.getClientRects().length > 0) ??
    document.querySelector<HTMLElement>("main h1");
  if (!target) return;
  if (!target.matches(FOCUSABLE) && !target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  target.focus();
}

/**
 * Puts focus back by the plan now, and once more shortly after if the element it went to was then
 * removed (an optimistic delete takes the row away just after its dialog closes).
 */
export function returnFocus(plan: FocusPlan): void {
  setTimeout(() => {
    focusFirst(plan);
    setTimeout(() => {
      if (document.activeElement === document.body || document.activeElement === null) focusFirst(plan);
    }, 400);
  }, 0);
}
