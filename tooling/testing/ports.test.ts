// FREE_PORTS keeps the ports a test or a benchmark takes to a range: each free one in turn, a taken
// one passed over, and a range with none free refused in words.
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { freePort } from "@/tooling/testing/ports";

const held: net.Server[] = [];
afterEach(async () => {
  delete process.env.FREE_PORTS;
  await Promise.all(held.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

async function hold(port: number): Promise<boolean> {
  const server = net.createServer();
  const ok = await new Promise<boolean>((resolve) => {
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => resolve(true));
  });
  if (ok) held.push(server);
  return ok;
}

/** Two neighbouring ports nobody holds now. */
async function twoFreePorts(): Promise<number> {
  for (;;) {
    const first = await freePort();
    if (first < 65_535 && (await hold(first + 1))) {
      await new Promise((resolve) => held.pop()?.close(resolve));
      return first;
    }
  }
}

describe("freePort with FREE_PORTS", () => {
  it("hands out the range's ports in turn, passing over a taken one", async () => {
    const first = await twoFreePorts();
    process.env.FREE_PORTS = `${first}-${first + 1}`;
    const [a, b] = [await freePort(), await freePort()];
    expect([a, b].sort()).toEqual([first, first + 1]);
    expect(await hold(a)).toBe(true);
    expect(await freePort()).toBe(b);
    expect(await freePort()).toBe(b);
  });

  it("says so when every port of the range is taken", async () => {
    const port = await freePort();
    expect(await hold(port)).toBe(true);
    process.env.FREE_PORTS = `${port}-${port}`;
    await expect(freePort()).rejects.toThrow(`no free port in FREE_PORTS=${port}-${port}`);
  });

  it("without it, lets the OS choose", async () => {
    expect(await freePort()).toBeGreaterThan(0);
  });
});
