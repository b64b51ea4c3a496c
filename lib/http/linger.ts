// Answering a request that is refused before its body was read. Most of the body may still be on
// its way: closing at once would reset the connection under the sender before it reads the answer.
// So the answer is sent, the rest is read and discarded up to a bound (as nginx's lingering close
// does), and then the connection closes.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";

/** How much of a refused body is read and discarded, and for how long, before the connection closes. */
export const LINGER_MAX_BYTES = 16 * 1024 * 1024;
export const LINGER_MAX_MS = 5_000;

/** Sends `text` as the whole answer, then lingers on the unread body and closes the connection. */
export function refuseUnreadBody(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  headers: OutgoingHttpHeaders,
  text: string,
): void {
  res.writeHead(status, { ...headers, "content-length": Buffer.byteLength(text), connection: "close" }).write(text);
  let read = 0;
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    req.off("data", onData);
    res.end();
  };
  const onData = (chunk: Buffer) => {
    read += chunk.length;
    if (read > LINGER_MAX_BYTES) finish();
  };
  const timer = setTimeout(finish, LINGER_MAX_MS);
  req.on("data", onData).once("end", finish).once("close", finish);
  req.resume();
}
