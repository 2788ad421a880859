import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';

/**
 * How long the rest of a refused body may keep arriving after the answer: long enough for a client
 * to finish sending and read the answer, short enough that nobody can keep the socket by trickling.
 */
const LINGER_MS = 5_000;

/** True when the request announced a body and its last byte has not arrived yet. */
function isBodyStillArriving(raw: IncomingMessage): boolean {
  const announcesBody =
    raw.headers['transfer-encoding'] !== undefined || Number(raw.headers['content-length'] ?? 0) > 0;
  // `complete` is Node's own flag (an injected request has none, and no connection to keep).
  return announcesBody && raw.complete === false && raw.socket !== null;
}

/**
 * Stops reading what is left of the body, and closes the connection without losing the answer:
 * the rest is read and dropped for a moment after the answer is out (a socket closed with unread
 * bytes sends a reset, which can destroy the answer before the client reads it), then closed.
 */
function dropTheRest(raw: IncomingMessage): void {
  // A multipart reader may still be attached: detached, it no longer holds the stream back.
  raw.unpipe();
  raw.resume();
  const socket = raw.socket;
  // Node calls this once a `Connection: close` answer is written; it would destroy the socket at once.
  socket.destroySoon = () => {
    socket.end();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  };
}

/**
 * A request refused before its body was read whole — too many multipart parts, an unsafe field before
 * a large file, a 401/403/413/415 decided on the headers — must not leave its keep-alive connection
 * waiting for a body nobody reads: the next request on it would get no answer. The answer says
 * `Connection: close` and the connection is closed once it is out; a request whose body was read
 * whole keeps its connection.
 */
export const unreadBodyPlugin = fp(
  async (app) => {
    app.addHook('onSend', function closeAfterUnreadBody(request, reply, _payload, done) {
      if (isBodyStillArriving(request.raw)) {
        reply.header('connection', 'close');
        dropTheRest(request.raw);
      }
      done();
    });
  },
  { name: 'unread-body' },
);
