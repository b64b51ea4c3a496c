"use client";
// Mints a fresh session grant for each mount (and each "start a fresh session"), has the platform's
// own library mount the feature with it (the library tokenizes the patient and creates the frame),
// and listens to that frame for the platform's two documented messages. The grant's secret is kept
// in component state only: never in storage, the URL or a cache, and the request is made with
// `cache: "no-store"`. The library's `on()` checks only a message's origin; the app also checks that
// the sending window is the frame the library mounted and that the type names its frame id, so it
// listens itself (lib/embedded/messages.ts).
import { useCallback, useEffect, useReducer, useRef } from "react";
import type { EmbedMessage } from "@/lib/contract/embed";
import { acceptEmbedMessage } from "@/lib/embedded/messages";
import {
  EMBED_SESSION_ROUTE,
  EmbedSessionSchema,
  MintFailureSchema,
  type EmbedFeature,
  type EmbedSession,
  type MintFailure,
} from "@/lib/embedded/session";
import { embedReducer, FIRST_PHASE, type EmbedPhase } from "@/components/embedded/embed-phase";
import { libraryClient } from "@/components/embedded/platform-library";

/** How long the platform's page may take to load once the grant is minted. */
const READY_TIMEOUT_MS = 30_000;

/** The mint route's address for this feature and patient (they ride along for the audit trail and the details). */
function mintRoute(feature: EmbedFeature, patientId: string | null): string {
  const q = new URLSearchParams();
  if (patientId) q.set("patient", patientId);
  if (feature.type === "platform") {
    q.set("feature", "platform");
    q.set("entrypoint", feature.entrypoint);
  }
  const query = q.toString();
  return query ? `${EMBED_SESSION_ROUTE}?${query}` : EMBED_SESSION_ROUTE;
}

/** Mints a grant; a failure's `error` is the route's sentence, or a catalog key when the route did not answer. */
async function mint(
  signal: AbortSignal,
  route: string,
): Promise<{ ok: true; session: EmbedSession } | { ok: false; failure: MintFailure }> {
  try {
    const response = await fetch(route, { method: "POST", cache: "no-store", credentials: "same-origin", signal });
    const body: unknown = await response.json().catch(() => null);
    if (response.ok) {
      const session = EmbedSessionSchema.safeParse(body);
      if (session.success) return { ok: true, session: session.data };
    }
    const failure = MintFailureSchema.safeParse(body);
    return { ok: false, failure: failure.success ? failure.data : { error: "embedded.failures.unreadable" } };
  } catch {
    return { ok: false, failure: { error: "embedded.failures.unreachable" } };
  }
}

/** Has the library mount the feature into `mountId`; returns how to take it down again. */
function mountFeature(
  session: EmbedSession,
  feature: EmbedFeature,
  mountId: string,
  hooks: { title: string; loaded: () => void; failed: () => void; message: (m: EmbedMessage) => void },
): () => void {
  const mounted = libraryClient(session.public_key, session.web_origin).create(feature.type, {
    secretToken: session.secret_token,
    ...(session.patient ? { patient: session.patient } : {}),
    ...(feature.type === "platform" ? { entrypoint: feature.entrypoint } : {}),
  });
  let stopped = false;
  let placed = false;
  let listen: ((event: MessageEvent) => void) | null = null;
  mounted
    .mount(mountId)
    .then(() => {
      placed = true;
      if (stopped) return mounted.unmount();
      const iframe = document.getElementById(mountId)?.querySelector("iframe");
      const frameId = iframe ? new URL(iframe.src).searchParams.get("frame_id") : null;
      if (!iframe || !frameId) return hooks.failed();
      iframe.title = hooks.title;
      // The frame only starts loading now: its load event cannot have passed.
      iframe.addEventListener("load", hooks.loaded);
      listen = (event: MessageEvent) => {
        const message = acceptEmbedMessage(event, {
          origin: session.web_origin,
          source: iframe.contentWindow,
          frameId,
        });
        if (message) hooks.message(message);
      };
      window.addEventListener("message", listen);
    })
    .catch(() => {
      if (!stopped) hooks.failed();
    });
  return () => {
    stopped = true;
    if (listen) window.removeEventListener("message", listen);
    // Before the library has placed the frame there is nothing to take down (it does, once placed).
    if (placed) mounted.unmount();
  };
}

export function useEmbedSession(
  feature: EmbedFeature,
  patientId: string | null,
  mountId: string,
  title: string,
  onMessage: (message: EmbedMessage) => void,
): { phase: EmbedPhase; restart: () => void } {
  const [phase, dispatch] = useReducer(embedReducer, FIRST_PHASE);
  const onMessageRef = useRef(onMessage);
  const titleRef = useRef(title);
  const route = mintRoute(feature, patientId);
  const session = phase.kind === "loading" || phase.kind === "open" ? phase.session : null;
  const featureRef = useRef(feature);
  useEffect(() => {
    onMessageRef.current = onMessage;
    titleRef.current = title;
    featureRef.current = feature;
  });

  useEffect(() => {
    if (phase.kind !== "minting") return;
    const controller = new AbortController();
    const attempt = phase.attempt;
    void mint(controller.signal, route).then((result) => {
      if (controller.signal.aborted) return;
      dispatch(
        result.ok
          ? { type: "minted", attempt, session: result.session }
          : { type: "mint_failed", attempt, failure: result.failure },
      );
    });
    return () => controller.abort();
  }, [phase.kind, phase.attempt, route]);

  useEffect(() => {
    if (phase.kind !== "loading") return;
    const attempt = phase.attempt;
    const timer = window.setTimeout(() => dispatch({ type: "silent", attempt }), READY_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [phase.kind, phase.attempt]);

  // One mount per minted session (the session stays the same object from loading to open).
  const attempt = phase.attempt;
  useEffect(() => {
    if (!session) return;
    return mountFeature(session, featureRef.current, mountId, {
      title: titleRef.current,
      loaded: () => dispatch({ type: "loaded", attempt }),
      failed: () => dispatch({ type: "mount_failed", attempt }),
      message: (m) => onMessageRef.current(m),
    });
  }, [session, attempt, mountId]);

  const restart = useCallback(() => dispatch({ type: "restart" }), []);
  return { phase, restart };
}
