import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * How long a kept-alive connection must have been idle before a draining server closes it. A client
 * reuses a connection within milliseconds of its last answer; closing it meanwhile resets the request
 * it is sending, which the server never sees and the client cannot tell from one that was applied.
 */
const IDLE_BEFORE_CLOSE_MS = 1_000;

export type ConnectionDrain = {
  /**
   * Stops listening at once; from then on every answer says `Connection: close` and idle connections
   * close as they age. Resolves once every connection has closed. Called before the app closes: the
   * app refuses requests with 503 as soon as it starts closing, before its listening socket is
   * closed, and a client's new connection opened meanwhile would wait in that socket's queue, which
   * closing it resets.
   */
  start: () => Promise<void>;
  isDraining: () => boolean;
  /** Closes the connections idle for `IDLE_BEFORE_CLOSE_MS` or more; never one with a request on it. */
  closeIdle: () => void;
};

/**
 * A stop that loses no request: while draining, a request in flight is answered with
 * `Connection: close` (its client then opens a new connection, to another instance), and a connection
 * is closed only between requests, once idle long enough that its client is not reusing it. Node's own
 * `closeIdleConnections`, which `server.close()` calls, closes every idle connection at once, so it is
 * replaced by this one on the server.
 */
export function createConnectionDrain(server: Server): ConnectionDrain {
  // When each open connection last finished an answer (or opened); absent while a request is on it.
  const idleSince = new Map<Socket, number>();
  const open = new Set<Socket>();
  let isStarted = false;
  server.on('connection', (socket: Socket) => {
    open.add(socket);
    idleSince.set(socket, Date.now());
    socket.once('close', () => {
      open.delete(socket);
      idleSince.delete(socket);
    });
  });
  server.on('request', (request, response) => {
    const { socket } = request;
    idleSince.delete(socket);
    response.once('finish', () => {
      if (open.has(socket)) idleSince.set(socket, Date.now());
    });
  });
  const closeIdle = () => {
    const now = Date.now();
    for (const [socket, since] of idleSince) {
      if (now - since >= IDLE_BEFORE_CLOSE_MS) socket.destroy();
    }
  };
  return {
    start() {
      isStarted = true;
      server.closeIdleConnections = closeIdle;
      return new Promise((resolve) => server.close(() => resolve()));
    },
    isDraining: () => isStarted && !server.listening,
    closeIdle,
  };
}
