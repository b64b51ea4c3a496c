// Request bodies in flight as a table: per person and per process, what each refusal says, that
// giving back frees the place, and that a request without a body is never counted.
import { describe, expect, it } from "vitest";
import { createRequestShare, type Admission } from "@/lib/fairness/request-share";

const MB = 1024 * 1024;
const share = () => createRequestShare(() => ({ bodyBytesPerUser: 24 * MB, bodyBytesInFlight: 40 * MB }));
const release = (a: Admission) => (a.ok ? a.release() : undefined);

describe("request share", () => {
  it.each([
    { name: "two 10 MB uploads, then a third refused", sizes: [10, 10, 10], admitted: [true, true, false] },
    { name: "one body over the bound alone is let through", sizes: [30, 1], admitted: [true, false] },
    { name: "small bodies fit beside a large one", sizes: [10, 5, 5], admitted: [true, true, true] },
  ])("bounds one person's bytes in flight: $name", ({ sizes, admitted }) => {
    const s = share();
    const got = sizes.map((mb) => s.admit("u1", mb * MB));
    expect(got.map((a) => a.ok)).toEqual(admitted);
    const refused = got.find((a) => !a.ok);
    if (refused) expect(refused).toMatchObject({ why: "user-bytes" });
  });

  it("bounds the process's bytes in flight across people, and frees them when answered", () => {
    const s = share();
    const got = ["u1", "u2", "u3", "u4", null].map((u) => s.admit(u, 10 * MB));
    expect(got.map((a) => a.ok)).toEqual([true, true, true, true, false]);
    expect(got[4]).toEqual({ ok: false, why: "process-bytes", inFlight: 40 * MB });
    expect(s.load("u1")).toEqual({ requests: 1, bytes: 10 * MB, processBytes: 40 * MB });
    got.forEach(release);
    expect(s.load("u1")).toEqual({ requests: 0, bytes: 0, processBytes: 0 });
    expect(s.admit(null, 10 * MB).ok).toBe(true);
  });

  it("never counts a request without a body", () => {
    const s = share();
    for (let i = 0; i < 5; i++) s.admit("u1", 40 * MB);
    expect(s.admit("u1", 0).ok).toBe(true);
    expect(s.load("u1").bytes).toBe(40 * MB);
  });
});
