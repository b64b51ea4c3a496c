import { describe, expect, it } from "vitest";
import { hook } from "@/lib/hooks";

describe("hook", () => {
  it("reaches every listener of the same name, from any copy, once each", () => {
    const seen: string[] = [];
    const stop = hook<string>("test-a").listen((v) => seen.push(`one:${v}`));
    const listener = (v: string) => seen.push(`two:${v}`);
    hook<string>("test-a").listen(listener);
    hook<string>("test-a").listen(listener);
    hook<string>("test-a").emit("x");
    stop();
    hook<string>("test-a").emit("y");
    hook<string>("test-b").emit("z");
    expect(seen).toEqual(["one:x", "two:x", "two:y"]);
  });

  it("keeps reporting when a listener throws", () => {
    const seen: number[] = [];
    hook<number>("test-c").listen(() => {
      throw new Error("listener broke");
    });
    hook<number>("test-c").listen((v) => seen.push(v));
    expect(() => hook<number>("test-c").emit(1)).not.toThrow();
    expect(seen).toEqual([1]);
  });
});
