// Request bodies in flight as a table: per person and per process, what each refusal says, that
// giving back frees the place, and that a request without a body is never counted.
import { describe, expect, it } from "vitest";
import { createRequestShare, type Admission } from "@/lib/limits/body-share";

const MB = 1024 * 1024;
const share = () =>
  createRequestShare(() => ({
    bodyBytesPerRequest: 11 * MB,
    bodyBytesPerUser: 24 * MB,
    bodyBytesInFlight: 40 * MB,
    anonymousBodyBytes: 1 * MB,
  }));
const release = (a: Admission) => (a.ok ? a.release() : undefined);

describe("request share", () => {
  it.each([
    { name: "two 10 MB uploads, then a third refused", sizes: [10, 10, 10], admitted: [true, true, false] },
    { name: "one body fills the bound alone, then the next waits", sizes: [11, 11, 11], admitted: [true, true, false] },
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
    const got = ["u1", "u2", "u3", "u4", "u5"].map((u) => s.admit(u, 10 * MB));
    expect(got.map((a) => a.ok)).toEqual([true, true, true, true, false]);
    expect(got[4]).toEqual({ ok: false, why: "process-bytes", inFlight: 40 * MB });
    expect(s.load("u1")).toEqual({ requests: 1, bytes: 10 * MB, processBytes: 40 * MB, anonymousBytes: 0 });
    got.forEach(release);
    got.forEach(release); // an answer's finish and close both give back: once counts
    expect(s.load("u1")).toEqual({ requests: 0, bytes: 0, processBytes: 0, anonymousBytes: 0 });
    expect(s.admit("u5", 10 * MB).ok).toBe(true);
  });

  it.each([
    { name: "a declared 2 GB body, signed in", user: "u1", mb: 2000, why: "too-large" },
    { name: "a declared 2 GB body, no session", user: null, mb: 2000, why: "too-large" },
    { name: "an upload-sized body with no session", user: null, mb: 10, why: "signed-out" },
  ])("refuses at once, before any budget counts it: $name", ({ user, mb, why }) => {
    const s = share();
    expect(s.admit(user, mb * MB)).toMatchObject({ ok: false, why });
    expect(s.load("u1")).toEqual({ requests: 0, bytes: 0, processBytes: 0, anonymousBytes: 0 });
  });

  it("bodies with no session share a small pool of their own, never people's budget", () => {
    const s = share();
    const strangers = Array.from({ length: 5 }, () => s.admit(null, 300 * 1024));
    expect(strangers.map((a) => a.ok)).toEqual([true, true, true, false, false]);
    expect(strangers[3]).toMatchObject({ why: "process-bytes" });
    // Every signed-in person's uploads still have the whole process's budget.
    const people = ["u1", "u2", "u3", "u4"].map((u) => s.admit(u, 10 * MB));
    expect(people.every((a) => a.ok)).toBe(true);
    strangers.forEach(release);
    expect(s.load().anonymousBytes).toBe(0);
    expect(s.admit(null, 300 * 1024).ok).toBe(true);
  });

  it("never counts a request without a body", () => {
    const s = share();
    for (let i = 0; i < 5; i++) s.admit("u1", 10 * MB);
    expect(s.admit("u1", 0).ok).toBe(true);
    expect(s.load("u1").bytes).toBe(20 * MB);
  });
});
