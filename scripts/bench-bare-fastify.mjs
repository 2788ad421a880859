// A bare Fastify server answering GET /api/health/live with the same JSON as the product, on
// BARE_PORT: the floor bench-request-overhead.mjs measures the product's hooks against. Run as is, or
// through scripts/profiled-server.mjs (PROFILED_SERVER=scripts/bench-bare-fastify.mjs) to profile it.
import Fastify from 'fastify';

const app = Fastify();
app.get('/api/health/live', async () => ({ status: 'ok', uptimeSeconds: Math.round(process.uptime()) }));
await app.listen({ port: Number(process.env.BARE_PORT), host: '127.0.0.1' });
console.log('ready');
