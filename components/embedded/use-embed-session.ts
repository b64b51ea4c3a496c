"use client";
// Mints a fresh session grant for each mount (and each "start a fresh session"), and listens to the
// mounted frame for the platform's two documented messages. The grant's address is kept in component state only: never in storage, the URL or
// a cache, and the request is made with `cache: "no-store"`.
import { useCallback, useEffect, useReducer, useRef, type RefObject } from "react";
import type { EmbedMessage } from "@/lib/contract/embed";
import { acceptEmbedMessage } from "@/lib/embedded/messages";
import {
  EMBED_SESSION_ROUTE,
  EmbedSessionSchema,
  MintFailureSchema,
  type EmbedSession,
  type MintFailure,
} from "@/lib/embedded/session";
import { embedReducer, FIRST_PHASE, type EmbedPhase } from "@/components/embedded/embed-phase";

/** How long the platform's page may take to load once mounted. */
const READY_TIMEOUT_MS = 30_000;

/** Mints a grant; a failure's `error` is the route's sentence, or a catalog key when the route did not answer. */
async function mint(
  signal: AbortSignal,
  patientId: string | null,
): Promise<{ ok: true; session: EmbedSession } | { ok: false; failure: MintFailure }> {
  try {
    // The patient rides along so that the audit trail says for whom the session was opened.
    const route = patientId ? `${EMBED_SESSION_ROUTE}?patient=${encodeURIComponent(patientId)}` : EMBED_SESSION_ROUTE;
    const response = await fetch(route, {
      method: "POST",
      cache: "no-store",
      credentials: "same-origin",
      signal,
    });
    const body: unknown = await response.json().catch(() => null);
    if (response.ok) {
      const session = EmbedSessionSchema.safeParse(body);
      if (session.success) return { ok: true, session: session.data };
    }
    const failure = MintFailureSchema.safeParse(body);
    return {
      ok: false,
      failure: failure.success ? failure.data : { error: "embedded.failures.unreadable" },
    };
  } catch {
    return {
      ok: false,
      failure: { error: "embedded.failures.unreachable" },
    };
  }
}

export function useEmbedSession(
  platformOrigin: string,
  patientId: string | null,
  onMessage: (message: EmbedMessage) => void,
): {
  phase: EmbedPhase;
  frameRef: RefObject<HTMLIFrameElement | null>;
  restart: () => void;
  /** The mounted frame's load event: its page has answered. */
  loaded: () => void;
} {
  const [phase, dispatch] = useReducer(embedReducer, FIRST_PHASE);
  const frameRef = useRef<HTMLIFrameElement | null>(null);
  const attemptRef = useRef(phase.attempt);
  const onMessageRef = useRef(onMessage);
  const frameId = phase.kind === "loading" || phase.kind === "open" ? phase.session.frame_id : null;
  useEffect(() => {
    attemptRef.current = phase.attempt;
    onMessageRef.current = onMessage;
  });

  useEffect(() => {
    if (phase.kind !== "minting") return;
    const controller = new AbortController();
    const attempt = phase.attempt;
    void mint(controller.signal, patientId).then((result) => {
      if (controller.signal.aborted) return;
      dispatch(
        result.ok
          ? { type: "minted", attempt, session: result.session }
          : { type: "mint_failed", attempt, failure: result.failure },
      );
    });
    return () => controller.abort();
  }, [phase.kind, phase.attempt, patientId]);

  useEffect(() => {
    if (phase.kind !== "loading") return;
    const attempt = phase.attempt;
    const timer = window.setTimeout(() => dispatch({ type: "silent", attempt }), READY_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [phase.kind, phase.attempt]);

  useEffect(() => {
    if (frameId === null) return;
    function listen(event: MessageEvent) {
      const message = acceptEmbedMessage(event, {
        origin: platformOrigin,
        source: frameRef.current?.contentWindow ?? null,
        frameId: frameId ?? "",
      });
      if (message) onMessageRef.current(message);
    }
    window.addEventListener("message", listen);
    return () => window.removeEventListener("message", listen);
  }, [platformOrigin, frameId]);

  const restart = useCallback(() => dispatch({ type: "restart" }), []);
  const loaded = useCallback(() => dispatch({ type: "loaded", attempt: attemptRef.current }), []);
  return { phase, frameRef, restart, loaded };
}
