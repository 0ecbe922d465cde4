import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { DEMO_PASSWORD, demoAccounts, demoTenants } from './seed/demo.js';

const config = loadConfig();
const app = await buildApp(config);
if (config.env === 'production' && !config.mail.smtpUrl) {
  app.log.warn('SMTP_URL is not set: mails are not delivered; each one is written to this log (codes, links)');
}

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'closing after an error');
  else app.log.info({ signal }, 'shutting down');
  await app.close();
});

await app.listen({ port: config.port, host: config.host });

const port = config.port;
const lines = [
  '',
  `  API and web app: http://localhost:${port}  (API reference: http://localhost:${port}/api/docs)`,
  '  Demo tenants:',
  ...demoTenants.map((t) => `    ${t.displayName.padEnd(10)} http://${t.domain}:${port}`),
  `  Demo accounts (password ${DEMO_PASSWORD}):`,
  ...demoAccounts.map((a) => `    ${a.email.padEnd(22)} ${a.role} — ${a.tenants.join(', ')}`),
  config.mail.smtpUrl
    ? '  Mail: SMTP (SMTP_URL)'
    : config.mail.outboxPage
      ? `  Mail: not sent; listed at http://localhost:${port}/api/dev/outbox (verification codes, reset links)`
      : '  Mail: not sent (no SMTP_URL); verification codes and reset links appear in this log',
  `  Database: ${app.database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`}`,
  '',
];
console.log(lines.join('\n'));
