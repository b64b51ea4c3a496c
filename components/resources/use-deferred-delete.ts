"use client";
// Delete with Undo: the row leaves the list at once, and a toast offers Undo for a few seconds before
// the platform is asked to delete it. Undo puts it back (nothing was sent). When the toast closes
// (timed out or dismissed) the delete is sent; leaving the page within those seconds sends it at
// once (in-app navigation unmounts the list, closing or reloading the tab fires pagehide). Should the
// browser be gone before the request leaves, the resource stays on the platform and shows again on
// the next visit: nothing is ever hidden that was not deleted.
import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { useTranslations } from "next-intl";
import type { ResourceRecord } from "@/lib/contract";

export const UNDO_SECONDS = 6;

/** The delete as the page goes: DELETE /api/resources/[id], kept alive past the page's end. */
export function deleteOnLeave(resourceId: string, practitionerId: string | undefined): void {
  const query = practitionerId ? `?practitioner=${encodeURIComponent(practitionerId)}` : "";
  void fetch(`/api/resources/${encodeURIComponent(resourceId)}${query}`, { method: "DELETE", keepalive: true }).catch(
    () => undefined, // gone with the page: the resource stays, and shows again on the next visit
  );
}

type Pending = { id: string; name: string; toastId: string | number };

/**
 * `send` deletes while the page stays (its answer updates the list); `sendOnLeave` as the page goes,
 * a request that outlives it (a server action would be posted to the next page, which has none).
 */
export function useDeferredDelete(
  send: (resource: { id: string; name: string }) => Promise<unknown>,
  sendOnLeave: (resource: { id: string }) => void,
) {
  const t = useTranslations("resources.toasts");
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const pending = useRef(new Map<string, Pending>());
  const sendRef = useRef({ send, sendOnLeave });
  useEffect(() => {
    sendRef.current = { send, sendOnLeave };
  }, [send, sendOnLeave]);

  const unhide = useCallback((id: string) => {
    setHidden((all) => {
      const next = new Set(all);
      next.delete(id);
      return next;
    });
  }, []);

  const commit = useCallback(
    (id: string) => {
      const p = pending.current.get(id);
      if (!p) return;
      pending.current.delete(id);
      // The delete's own optimistic update hides the row while it runs, and puts it back (with a message)
      // if the platform refuses; the list is refetched after it either way.
      void sendRef.current
        .send({ id: p.id, name: p.name })
        .catch(() => undefined)
        .finally(() => unhide(id));
    },
    [unhide],
  );

  const undo = useCallback(
    (id: string) => {
      const p = pending.current.get(id);
      if (!p) return;
      pending.current.delete(id);
      unhide(id);
      toast(t("kept", { name: p.name }));
    },
    [unhide, t],
  );

  const remove = useCallback(
    (resource: Pick<ResourceRecord, "id" | "name">) => {
      setHidden((all) => new Set(all).add(resource.id));
      const toastId = toast.success(t("deleted", { name: resource.name }), {
        duration: UNDO_SECONDS * 1000,
        action: { label: t("undo"), onClick: () => undo(resource.id) },
        onAutoClose: () => commit(resource.id),
        onDismiss: () => commit(resource.id),
      });
      pending.current.set(resource.id, { id: resource.id, name: resource.name, toastId });
    },
    [commit, undo, t],
  );

  // Leaving the page sends what is waiting rather than losing it.
  useEffect(() => {
    const all = pending.current;
    const flush = () => {
      for (const p of [...all.values()]) {
        all.delete(p.id);
        toast.dismiss(p.toastId);
        sendRef.current.sendOnLeave({ id: p.id });
      }
    };
    window.addEventListener("pagehide", flush);
    return () => {
      window.removeEventListener("pagehide", flush);
      flush();
    };
  }, [commit]);

  return { hidden, remove };
}
