// What a handler returns, and how it is written to the socket.
import type { ServerResponse } from "node:http";

export type Reply =
  | { status: number; json: unknown; headers?: Record<string, string> }
  | { status: number; html: string; headers?: Record<string, string> }
  | { status: number; bytes: Buffer; contentType: string; headers?: Record<string, string> }
  | { status: 302; redirect: string; headers?: Record<string, string> };

export const json = (status: number, body: unknown, headers?: Record<string, string>): Reply => ({
  status,
  json: body,
  headers,
});

export function send(res: ServerResponse, reply: Reply): void {
  for (const [k, v] of Object.entries(reply.headers ?? {})) res.setHeader(k, v);
  res.setHeader("Cache-Control", "no-store");
  if ("redirect" in reply) {
    res.writeHead(302, { Location: reply.redirect });
    res.end();
  } else if ("json" in reply) {
    const body = JSON.stringify(reply.json);
    res.writeHead(reply.status, {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Length": Buffer.byteLength(body),
    });
    res.end(body);
  } else if ("html" in reply) {
    res.writeHead(reply.status, {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Length": Buffer.byteLength(reply.html),
    });
    res.end(reply.html);
  } else {
    res.writeHead(reply.status, { "Content-Type": reply.contentType, "Content-Length": reply.bytes.length });
    res.end(reply.bytes);
  }
}

/** Escapes text for HTML pages (names, messages, URLs). */
export function escapeHtml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );
}
