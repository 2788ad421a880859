import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** What a listener tells its owner. */
export type NotificationEvents = {
  /** A notification's payload; PostgreSQL delivers them in the order their transactions committed. */
  onNotification: (payload: string) => void;
  /** Listening: every notification committed from now on will arrive. */
  onListening: () => void;
  /** No longer listening: notifications may be missed until `onListening` again. */
  onLost: () => void;
};

export type NotificationListener = {
  /** Whether notifications are arriving now. */
  isListening: () => boolean;
  /**
   * Resolves once every notification committed before the call has been handed to `onNotification`
   * (a round trip on the listening connection, whose answer comes after what is queued before it).
   */
  caughtUp: () => Promise<void>;
  close: () => Promise<void>;
};

/** A lost connection is tried again after this, doubling up to the next constant. */
const FIRST_RETRY_MS = 250;
const LAST_RETRY_MS = 10_000;
/**
 * How often an idle listening connection is asked for a sign of life, and how long it has to answer:
 * a connection cut without a word (a dead host, a dropped route) is otherwise noticed only by the
 * operating system's keep-alive, many minutes later, and its notifications would be missed meanwhile.
 */
const PING_EVERY_MS = 5_000;
const PING_TIMEOUT_MS = 5_000;

/** A channel name as PostgreSQL reads it unquoted: the listeners here only use plain lower-case ones. */
function checkedChannel(channel: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a plain channel name: ${channel}`);
  return channel;
}

/**
 * Listens on a connection of its own, outside the pools (a pooled connection is shared, and LISTEN
 * belongs to a session). Lost, it says so and connects again with a growing pause; a connection that
 * stops answering its ping is treated as lost.
 */
export function listenOnPostgres(
  connectionString: string,
  channel: string,
  events: NotificationEvents,
): NotificationListener {
  const name = checkedChannel(channel);
  let client: pg.Client | undefined;
  let isListening = false;
  let isClosed = false;
  let retryMs = FIRST_RETRY_MS;
  let retryTimer: NodeJS.Timeout | undefined;
  let pingTimer: NodeJS.Timeout | undefined;

  const lose = (lost: pg.Client) => {
    if (client !== lost) return;
    client = undefined;
    clearInterval(pingTimer);
    if (isListening) {
      isListening = false;
      events.onLost();
    }
    // The socket is dropped without waiting for a goodbye the server may never send.
    lost.removeAllListeners('end');
    lost.end().catch(() => {});
    if (isClosed) return;
    retryTimer = setTimeout(connect, retryMs);
    retryMs = Math.min(retryMs * 2, LAST_RETRY_MS);
  };

  const ping = async (current: pg.Client) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('no answer to the ping')), PING_TIMEOUT_MS);
    });
    try {
      await Promise.race([current.query('select 1'), timeout]);
    } finally {
      clearTimeout(timer);
    }
  };

  async function connect() {
    if (isClosed) return;
    const current = new pg.Client({
      connectionString,
      keepAlive: true,
      application_name: `scentia ${name} listener`,
    });
    client = current;
    current.on('error', () => lose(current));
    current.on('end', () => lose(current));
    current.on('notification', (message) => {
      if (client === current && message.channel === name && message.payload !== undefined) {
        events.onNotification(message.payload);
      }
    });
    try {
      await current.connect();
      await current.query(`listen ${name}`);
    } catch {
      lose(current);
      return;
    }
    if (client !== current) return;
    retryMs = FIRST_RETRY_MS;
    isListening = true;
    events.onListening();
    pingTimer = setInterval(() => {
      ping(current).catch(() => lose(current));
    }, PING_EVERY_MS);
    pingTimer.unref();
  }

  const started = connect();
  return {
    isListening: () => isListening,
    caughtUp: async () => {
      await started;
      const current = client;
      if (current && isListening) await ping(current);
    },
    close: async () => {
      isClosed = true;
      clearTimeout(retryTimer);
      await started;
      const current = client;
      if (current) lose(current);
    },
  };
}

/**
 * PGlite is one connection, the listener's as well: a notification reaches it with the answer of the
 * statement whose transaction committed, before that statement's caller resumes.
 */
export function listenOnPglite(
  client: PGlite,
  channel: string,
  events: NotificationEvents,
): NotificationListener {
  const name = checkedChannel(channel);
  let isListening = false;
  const stopped = client
    .listen(name, (payload) => events.onNotification(payload))
    .then((unlisten) => {
      isListening = true;
      events.onListening();
      return unlisten;
    });
  return {
    isListening: () => isListening,
    caughtUp: async () => {
      await stopped;
    },
    close: async () => {
      const unlisten = await stopped;
      if (!isListening) return;
      isListening = false;
      events.onLost();
      await unlisten().catch(() => {});
    },
  };
}
