// How many statements a server sends to PostgreSQL, counted on the wire: a small TCP relay between the
// server and PostgreSQL that reads the client's side of the protocol. A parameterised statement is one
// Execute message ('E'), a statement without parameters one simple Query ('Q'). Less sensitive to the
// machine's load than wall time, and it needs no extension (pg_stat_statements) on a shared server.
import net from 'node:net';

/** A relay in front of `databaseUrl`'s server; answers the URL to connect through and its count. */
export async function countingRelay(databaseUrl) {
  const target = new URL(databaseUrl);
  let statements = 0;
  const sockets = new Set();
  const relay = net.createServer((client) => {
    const server = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(server);
    let buffered = Buffer.alloc(0);
    let isStarted = false;
    client.on('data', (chunk) => {
      server.write(chunk);
      buffered = Buffer.concat([buffered, chunk]);
      // The start-up message has no type byte: its length comes first.
      if (!isStarted) {
        if (buffered.length < 4) return;
        const length = buffered.readInt32BE(0);
        if (buffered.length < length) return;
        // An SSLRequest (code 80877103) comes before the start-up message itself.
        isStarted = buffered.readInt32BE(4) !== 80877103;
        buffered = buffered.subarray(length);
        if (!isStarted) return;
      }
      while (buffered.length >= 5) {
        const length = buffered.readInt32BE(1);
        if (buffered.length < length + 1) break;
        const type = String.fromCharCode(buffered[0]);
        if (type === 'E' || type === 'Q') statements += 1;
        buffered = buffered.subarray(length + 1);
      }
    });
    server.on('data', (chunk) => client.write(chunk));
    const end = () => {
      client.destroy();
      server.destroy();
    };
    client.on('close', end).on('error', end);
    server.on('close', end).on('error', end);
  });
  await new Promise((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const url = Object.assign(new URL(databaseUrl), {
    hostname: '127.0.0.1',
    port: String(relay.address().port),
  });
  return {
    url: url.toString(),
    statements: () => statements,
    close: () => {
      for (const socket of sockets) socket.destroy();
      relay.close();
    },
  };
}
