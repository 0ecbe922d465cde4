import { startCluster } from './support/cluster';

/*
 * `npm run cluster`: the multi-node deployment on this machine. Builds the app (the root script
 * does), then starts NODES API processes (default 3) on DATABASE_URL and REDIS_URL behind HAProxy
 * on PORT (default 3000). Ctrl-C stops everything.
 */

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error(
    'cluster: set DATABASE_URL (one PostgreSQL for every node), e.g. postgres://postgres@127.0.0.1:5432/market',
  );
  process.exit(2);
}
const port = Number(process.env.PORT ?? 3000);
const cluster = await startCluster({
  nodes: Number(process.env.NODES ?? 3),
  port,
  databaseUrl,
  redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  redisKeyPrefix: process.env.REDIS_KEY_PREFIX,
  dataDir: process.env.DATA_DIR,
  env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' },
});
console.log(
  [
    '',
    `  HAProxy: http://localhost:${port}  (http://farm.localhost:${port}, http://mall.localhost:${port})`,
    ...cluster.nodes.map((n) => `  ${n.name}: http://127.0.0.1:${n.port}  (pid ${n.process?.pid})`),
    `  Logs and haproxy.cfg: ${cluster.work}`,
    '  Demo accounts as with npm start (password demo1234). Ctrl-C stops the cluster.',
    '',
  ].join('\n'),
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void cluster.stop().then(() => process.exit(0));
  });
}
