// The yardstick: a bare Fastify reply on this machine, in its own process like the API.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.post('/bare', async () => ({ code: '0', message: 'Success', data: { flights: [] } }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('ready');
