// The baseline: Fastify with no plugins, answering a fixed JSON of the same size as a tenant.
import Fastify from 'fastify';

const body = JSON.parse(process.env.BENCH_BODY ?? '{"ok":true}');
const app = Fastify({ logger: false });
app.get('/bare', async () => body);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('ready');
