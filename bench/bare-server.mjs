// The baseline: Fastify with no plugins, answering a fixed JSON of the same size as the app's answer
// (GET, or POST with a JSON body parsed like the app's).
import Fastify from 'fastify';

const body = JSON.parse(process.env.BENCH_BODY ?? '{"ok":true}');
const app = Fastify({ logger: false });
app.get('/bare', async () => body);
app.post('/bare', async () => body);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('ready');
