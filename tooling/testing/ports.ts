// A free loopback port for a server a test or a benchmark starts (the OS picks one; it is released
// at once, so a second start may race for it: fine for tests on one machine).
import net from "node:net";

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
