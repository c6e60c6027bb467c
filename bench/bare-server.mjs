// The yardstick: a Fastify route that does nothing, in its own process like the app.
import Fastify from 'fastify';

const app = Fastify();
app.get('/bare', async () => ({ data: [{ ok: true }] }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.send?.('ready');
