// Serves one PGlite database to many PostgreSQL wire-protocol connections. PGlite is a single
// session, so statements of different connections must not interleave mid-message-sequence:
// pglite-socket's server queues each protocol message on its own, and two connections' extended-query
// sequences (Parse/Bind/Execute … Sync) then mix ("portal does not exist", wrong parameter counts).
// Here each connection's messages run as whole batches up to Sync (or a simple Query), and while a
// connection holds an open transaction only its batches run. A named prepared statement lives in
// the session, so two connections preparing one name would clash ("prepared statement … already
// exists"; rate-limiter-flexible names its statements): each connection's names get a prefix of its
// own here (statementsOf), and its statements are deallocated when it closes. Not for production: a
// local database.
import net from "node:net";
import type { PGlite } from "@electric-sql/pglite";

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const BATCH_ENDS = new Set(["S", "Q", "H"]); // Sync, simple Query, Flush
const TERMINATE = "X";

interface Connection {
  socket: net.Socket;
  buffer: Buffer;
  started: boolean;
  pending: Buffer[];
  /** Its named prepared statements, by their names in the session (see statementsOf). */
  statements: NamedStatements;
}

interface Batch {
  connection: Connection;
  message: Uint8Array;
}

export interface WireServer {
  port: number;
  close(): Promise<void>;
}

export async function serveOverWire(pglite: PGlite, host = "127.0.0.1", port = 0): Promise<WireServer> {
  const queue: Batch[] = [];
  const connections = new Set<Connection>();
  let owner: Connection | null = null; // the connection whose transaction is open
  let running = false;
  let closed = false; // after close() PGlite is shut too: a late socket "close" must not touch it
  let connectionCount = 0;

  const drain = async () => {
    if (running || closed) return;
    running = true;
    try {
      while (!closed) {
        const index = owner ? queue.findIndex((b) => b.connection === owner) : 0;
        if (index < 0 || queue.length === 0) break;
        const [batch] = queue.splice(index, 1);
        const { socket } = batch.connection;
        try {
          await pglite.runExclusive(() =>
            pglite.execProtocolRawStream(batch.message, {
              onRawData: (data) => void (socket.writable && socket.write(data)),
            }),
          );
        } catch {
          socket.destroy();
        }
        owner = pglite.isInTransaction() ? batch.connection : null;
      }
    } finally {
      running = false;
    }
  };

  const release = async (connection: Connection) => {
    connections.delete(connection);
    if (closed) return;
    for (let i = queue.length - 1; i >= 0; i--) if (queue[i].connection === connection) queue.splice(i, 1);
    if (owner === connection) {
      owner = null;
      // exec takes PGlite's query lock itself (inside runExclusive it would wait for itself).
      if (pglite.isInTransaction()) await pglite.exec("ROLLBACK").catch(() => {});
    }
    // A closed connection's statements would otherwise stay in the session for good (a pool
    // replaces idle connections all day).
    for (const name of connection.statements.names)
      await pglite.exec(`DEALLOCATE "${name.replaceAll('"', '""')}"`).catch(() => {});
    void drain();
  };

  const enqueue = (connection: Connection, parts: Buffer[]) => {
    queue.push({ connection, message: new Uint8Array(Buffer.concat(parts)) });
    void drain();
  };

  const onData = (connection: Connection, chunk: Buffer) => {
    connection.buffer = Buffer.concat([connection.buffer, chunk]);
    for (;;) {
      const buf = connection.buffer;
      if (!connection.started) {
        if (buf.length < 8) return;
        const length = buf.readInt32BE(0);
        const code = buf.readInt32BE(4);
        if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
          connection.socket.write("N");
          connection.buffer = buf.subarray(8);
          continue;
        }
        if (code === CANCEL_REQUEST) {
          connection.socket.destroy(); // cancelling is not supported; the query runs to its end
          return;
        }
        if (buf.length < length) return;
        connection.started = true;
        connection.buffer = buf.subarray(length);
        enqueue(connection, [buf.subarray(0, length)]);
        continue;
      }
      if (buf.length < 5) return;
      const total = 1 + buf.readInt32BE(1);
      if (buf.length < total) return;
      const type = String.fromCharCode(buf[0]);
      const message = buf.subarray(0, total);
      connection.buffer = buf.subarray(total);
      if (type === TERMINATE) {
        connection.socket.end();
        return;
      }
      connection.pending.push(connection.statements.rename(message));
      if (BATCH_ENDS.has(type)) {
        enqueue(connection, connection.pending);
        connection.pending = [];
      }
    }
  };

  const server = net.createServer((socket) => {
    socket.setNoDelay(true);
    const connection: Connection = {
      socket,
      buffer: Buffer.alloc(0),
      started: false,
      pending: [],
      statements: statementsOf(`c${++connectionCount}_`),
    };
    connections.add(connection);
    socket.on("data", (chunk) => onData(connection, chunk));
    socket.on("error", () => socket.destroy());
    socket.on("close", () => void release(connection));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("the embedded database server has no port");
  return {
    port: address.port,
    close: () =>
      new Promise<void>((resolve) => {
        closed = true;
        for (const connection of connections) connection.socket.destroy();
        server.close(() => resolve());
      }),
  };
}

interface NamedStatements {
  /** The statement names this connection has prepared, as the session knows them. */
  names: Set<string>;
  /** The message with any statement name it carries prefixed (others as they are). */
  rename(message: Buffer): Buffer;
}

/**
 * One connection's prepared-statement names, prefixed so that they are its own in the shared
 * session. The extended-query messages that name a statement: Parse (its name first), Bind (after
 * the portal's name), Describe and Close (after 'S'; 'P' names a portal). Portals need no prefix: they
 * end with their transaction, and another connection's batches never run inside one.
 */
function statementsOf(prefix: string): NamedStatements {
  const names = new Set<string>();
  /** The message with the NUL-terminated name at `at` prefixed, when it is not the unnamed one. */
  const prefixedAt = (message: Buffer, at: number): { message: Buffer; name: string } | null => {
    const end = message.indexOf(0, at);
    if (end <= at) return null; // unnamed (or malformed: PGlite answers it)
    const name = prefix + message.toString("utf8", at, end);
    const out = Buffer.concat([message.subarray(0, at), Buffer.from(name, "utf8"), message.subarray(end)]);
    out.writeInt32BE(out.length - 1, 1);
    return { message: out, name };
  };
  return {
    names,
    rename(message) {
      const type = String.fromCharCode(message[0]);
      if (type === "P") {
        const renamed = prefixedAt(message, 5);
        if (renamed) names.add(renamed.name);
        return renamed?.message ?? message;
      }
      if (type === "B") {
        const portalEnd = message.indexOf(0, 5);
        return (portalEnd >= 5 && prefixedAt(message, portalEnd + 1)?.message) || message;
      }
      if ((type === "D" || type === "C") && message[5] === 0x53 /* 'S' */) {
        const renamed = prefixedAt(message, 6);
        if (renamed && type === "C") names.delete(renamed.name);
        return renamed?.message ?? message;
      }
      return message;
    },
  };
}
