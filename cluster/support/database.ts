import pg from 'pg';

/** The PostgreSQL of the cluster tests (CI sets DATABASE_URL; the machine runs one). */
export const serverUrl = process.env.DATABASE_URL;
export const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A database of its own for one test file, dropped afterwards: `url` and `query` on it. */
export async function freshDatabase(label: string) {
  if (!serverUrl) throw new Error('DATABASE_URL is not set');
  const name = `cluster_${label}_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  return {
    url: url.toString(),
    name,
    async query<T extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<T[]> {
      return (await pool.query<T>(text, values)).rows;
    },
    async drop() {
      await pool.end();
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
