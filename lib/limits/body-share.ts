// The request bodies (uploads) in flight, taken before Next.js reads them (lib/server/app-server.ts).
// First a body larger than any route accepts (`bodyBytesPerRequest`) is refused whoever sends it, so
// a declared 2 GB body never counts against anyone's budget. Then a signed-in person's body counts
// against their own `bodyBytesPerUser` and the process's `bodyBytesInFlight`; a body with no session
// behind it (nobody signs in with a file) only against a small pool of its own,
// `anonymousBodyBytes`, so that strangers can never take the budget people's uploads need. A body
// over a bound is refused at once, unread, which costs the server almost nothing; waiting in line
// would hold the very sockets and memory the bound is there to save. (How many requests a person has
// under way is the read gate's work: lib/limits/read-gate.ts.) An upload is held about twice: the
// file in one buffer, read as it streams in by lib/http/multipart.ts, and its base64 for the platform.
// In this process's memory, like the requests under way (lib/limits/read-gate.ts): a person's bound is
// divided among the live processes by the caller (lib/limits/live-processes.ts); the process's bound is
// on this process's memory, so per process is what it should be.
export interface ShareLimits {
  bodyBytesPerRequest: number;
  bodyBytesPerUser: number;
  bodyBytesInFlight: number;
  anonymousBodyBytes: number;
}

export type Refusal =
  | { why: "too-large"; limit: number }
  | { why: "signed-out" }
  | { why: "user-bytes"; inFlight: number }
  | { why: "process-bytes"; inFlight: number };

export type Admission = { ok: true; release(): void } | ({ ok: false } & Refusal);

interface Held {
  requests: number;
  bytes: number;
}

export interface RequestShare {
  /** `userId` null (nobody signed in): the bodies without a session share their own small pool. */
  admit(userId: string | null, bodyBytes: number): Admission;
  load(userId?: string): { requests: number; bytes: number; processBytes: number; anonymousBytes: number };
}

export function createRequestShare(limits: () => ShareLimits): RequestShare {
  const held = new Map<string, Held>();
  let processBytes = 0;
  let anonymousBytes = 0;
  const admitAnonymous = (bodyBytes: number, limit: number): Admission => {
    // More than any form without a session sends: an upload whose sender's session has ended.
    if (bodyBytes > limit) return { ok: false, why: "signed-out" };
    if (anonymousBytes + bodyBytes > limit) return { ok: false, why: "process-bytes", inFlight: anonymousBytes };
    anonymousBytes += bodyBytes;
    return { ok: true, release: once(() => (anonymousBytes -= bodyBytes)) };
  };
  return {
    admit(userId, bodyBytes) {
      const { bodyBytesPerRequest, bodyBytesPerUser, bodyBytesInFlight, anonymousBodyBytes } = limits();
      if (bodyBytes <= 0) return { ok: true, release() {} };
      if (bodyBytes > bodyBytesPerRequest) return { ok: false, why: "too-large", limit: bodyBytesPerRequest };
      if (userId === null) return admitAnonymous(bodyBytes, anonymousBodyBytes);
      const mine = held.get(userId) ?? { requests: 0, bytes: 0 };
      // One body alone is let through the person's bound: it is within what a route accepts.
      if (mine.bytes > 0 && mine.bytes + bodyBytes > bodyBytesPerUser)
        return { ok: false, why: "user-bytes", inFlight: mine.bytes };
      if (processBytes > 0 && processBytes + bodyBytes > bodyBytesInFlight)
        return { ok: false, why: "process-bytes", inFlight: processBytes };
      processBytes += bodyBytes;
      mine.requests += 1;
      mine.bytes += bodyBytes;
      held.set(userId, mine);
      return {
        ok: true,
        release: once(() => {
          processBytes -= bodyBytes;
          mine.requests -= 1;
          mine.bytes -= bodyBytes;
          if (mine.requests === 0) held.delete(userId);
        }),
      };
    },
    load(userId) {
      const mine = userId ? held.get(userId) : undefined;
      return { requests: mine?.requests ?? 0, bytes: mine?.bytes ?? 0, processBytes, anonymousBytes };
    },
  };
}

/** A release that gives back once, however often the answer's events call it. */
function once(give: () => void): () => void {
  let given = false;
  return () => {
    if (given) return;
    given = true;
    give();
  };
}
