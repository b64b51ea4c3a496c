// A small round-robin load balancer for tests that run several app processes on one database: each
// request goes to the next backend in turn, headers and body passed as they are (Host included, so
// the app sees the balancer's address as a real one would forward it). Backends can be changed while
// it runs, as a rolling restart takes a process out and puts it back.
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface RoundRobin {
  url: string;
  /** The backends' base URLs (http://host:port), in turn; replaced whole. */
  setBackends(urls: string[]): void;
  close(): Promise<void>;
}

export async function startRoundRobin(port: number, backends: string[] = []): Promise<RoundRobin> {
  let targets = backends.map((url) => new URL(url));
  let next = 0;
  const server = http.createServer((req, res) => {
    if (targets.length === 0) {
      res.writeHead(503).end("no backend");
      return;
    }
    const target = targets[next++ % targets.length]!;
    const upstream = http.request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(port, resolve));
  return {
    url: `http://localhost:${(server.address() as AddressInfo).port}`,
    setBackends(urls) {
      targets = urls.map((url) => new URL(url));
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
