// Requests of the device benches on kept-alive sockets (node:http rather than fetch): the devices are
// other machines, so the load generator's own CPU, which shares the cores with the server and the
// database, is kept small.
import { Agent, request } from 'node:http';

/** One request; answers the status and the parsed body (when there is one). */
export function requester(base, sockets) {
  const agent = new Agent({ keepAlive: true, maxSockets: sockets });
  const { hostname, port } = new URL(base);
  const send = (method, path, headers, body) =>
    new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const outgoing = request(
        {
          agent,
          hostname,
          port,
          method,
          path,
          headers: payload ? { ...headers, 'content-length': Buffer.byteLength(payload) } : headers,
        },
        (response) => {
          const chunks = [];
          response.on('data', (chunk) => chunks.push(chunk));
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString();
            resolve({
              status: response.statusCode,
              headers: response.headers,
              body: text ? JSON.parse(text) : null,
            });
          });
          response.on('error', reject);
        },
      );
      outgoing.on('error', reject);
      outgoing.end(payload);
    });
  return { send, close: () => agent.destroy() };
}
