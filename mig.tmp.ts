import { createDatabase } from './apps/server/src/platform/db/client.js';
const d = createDatabase({ databaseUrl: process.argv[2] });
const t = Date.now();
await d.migrate();
console.log('migrated in', Date.now() - t, 'ms');
await d.close();
