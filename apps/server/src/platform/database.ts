import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createDatabase, type Database, type DatabaseOptions, type Db } from './db/client.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
  }
}

/** Opens the database, applies pending migrations, and closes it with the app. */
export const databasePlugin = fp(
  async (app: FastifyInstance, opts: DatabaseOptions) => {
    const database = createDatabase({
      ...opts,
      onIdleError: (err) => app.log.warn({ err }, 'idle database connection lost'),
    });
    await database.exclusive(() => database.migrate());
    app.decorate('database', database);
    app.decorate('db', database.db);
    app.addHook('onClose', () => database.close());
  },
  { name: 'database' },
);
