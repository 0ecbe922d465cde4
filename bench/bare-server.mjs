// The baseline: Fastify with no plugins, answering a fixed JSON of the same size as the app's answer
// (GET, or POST or PUT with a JSON body parsed like the app's). BENCH_BODIES ({"name": answer, ...}) adds
// POST /bare/name for each, for benches whose unit is several calls with different answers (form
// posts parsed too, as @fastify/formbody does for the app's).
import Fastify from 'fastify';

const body = JSON.parse(process.env.BENCH_BODY ?? '{"ok":true}');
const app = Fastify({ logger: false });
app.get('/bare', async () => body);
app.post('/bare', async () => body);
app.put('/bare', async () => body);
app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, text, done) =>
  done(null, Object.fromEntries(new URLSearchParams(String(text)))),
);
for (const [name, answer] of Object.entries(JSON.parse(process.env.BENCH_BODIES ?? '{}'))) {
  app.post(`/bare/${name}`, async () => answer);
}
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('ready');
