// A free loopback port for a server a test or a benchmark starts (the OS picks one; it is released
// at once, so a second start may race for it: fine for tests on one machine). On a machine shared by
// several people, FREE_PORTS=<first>-<last> keeps them to a range of their own: each call takes the
// next port of the range that is free now, in turn, so a port just handed out is not handed out again
// before its server has had time to take it. Each process starts its turn at a random place in the
// range: test files run in parallel workers, and from the same first port they took the same ports.
import net from "node:net";

let next: number | undefined;

function range(): [number, number] | null {
  const found = /^(\d+)-(\d+)$/.exec(process.env.FREE_PORTS ?? "");
  if (!found) return null;
  const [first, last] = [Number(found[1]), Number(found[2])];
  if (first < 1 || last > 65_535 || first > last) throw new Error(`FREE_PORTS is not a range of ports: ${found[0]}`);
  return [first, last];
}

/** The port the OS gives when listening on `port` (0: any free one); null when it is taken. */
async function listenOnce(port: number): Promise<number | null> {
  const server = net.createServer();
  const listening = await new Promise<boolean>((resolve) => {
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => resolve(true));
  });
  if (!listening) return null;
  const { port: taken } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return taken;
}

export async function freePort(): Promise<number> {
  const ports = range();
  if (!ports) return (await listenOnce(0)) as number;
  const [first, last] = ports;
  const size = last - first + 1;
  next ??= Math.floor(Math.random() * size);
  for (let tried = 0; tried < size; tried++) {
    const port = first + ((next + tried) % size);
    if ((await listenOnce(port)) !== null) {
      next = (port - first + 1) % size;
      return port;
    }
  }
  throw new Error(`no free port in FREE_PORTS=${first}-${last}`);
}
