/**
 * Grants the platform-administrator right, creating the account when it does not exist:
 *
 *   npm run admin:create -- --tenant farm.localhost --email boss@example.com --password 'Harvest-Moon-2025' [--username 관리자]
 *   npm run admin:create -- --tenant farm.localhost --email boss@example.com --revoke
 *
 * Uses the same database settings as the server (DATABASE_URL or the PGlite under DATA_DIR);
 * stop a running PGlite server first (PGlite allows one process at a time).
 */
import { parseArgs } from 'node:util';
import { emailSchema, newPasswordSchema, usernameSchema } from '@app/contracts';
import { loadConfig } from '../config.js';
import { assertAcceptablePassword, hashPassword } from '../modules/auth/passwords.js';
import { findTenantByDomain } from '../modules/tenants/tenants.repository.js';
import { normaliseHost } from '../modules/tenants/tenants.service.js';
import { createUsersService } from '../modules/users/users.service.js';
import { createDatabase } from '../platform/db/client.js';
import { AppError } from '../platform/errors.js';

const usage =
  'usage: npm run admin:create -- --tenant <domain> --email <email> [--password <password>] [--username <name>] [--revoke]';

async function main() {
  const { values } = parseArgs({
    options: {
      tenant: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      username: { type: 'string' },
      revoke: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help || !values.tenant || !values.email) {
    console.error(usage);
    process.exitCode = values.help ? 0 : 2;
    return;
  }
  const email = emailSchema.parse(values.email);
  const config = loadConfig();
  const database = createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolMax: 2 });
  try {
    await database.migrate();
    const tenant = await findTenantByDomain(database.db, normaliseHost(values.tenant));
    if (!tenant) throw new Error(`no tenant with the domain ${values.tenant}`);
    const users = createUsersService(database.db);
    let user = await users.findByEmail(tenant.id, email);
    if (values.revoke) {
      if (!user) throw new Error(`no account ${email} on ${tenant.domain}`);
      await users.revokeAdmin(tenant.id, user.id);
      console.log(`revoked: ${email} on ${tenant.domain} is no longer a platform administrator`);
      return;
    }
    if (!user) {
      if (!values.password)
        throw new Error(`${email} has no account on ${tenant.domain}: give --password to create one`);
      const password = newPasswordSchema.parse(values.password);
      await assertAcceptablePassword(password);
      const username = usernameSchema.parse(values.username ?? email.split('@')[0]);
      const account = await users.createAccount({
        tenantId: tenant.id,
        email,
        username,
        passwordHash: await hashPassword(password),
        userType: 'customer',
        emailVerifiedAt: new Date(),
      });
      user = account.user;
      console.log(`created the account ${email} (${username}) on ${tenant.domain}`);
    }
    await users.grantAdmin(tenant.id, user.id, 'cli');
    console.log(
      `granted: ${email} on ${tenant.domain} is a platform administrator (sign in at http://${tenant.domain})`,
    );
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  const message =
    err instanceof AppError
      ? err.detail
      : err && typeof err === 'object' && 'issues' in err
        ? (err as { issues: { message: string }[] }).issues.map((i) => i.message).join('; ')
        : err instanceof Error
          ? err.message
          : String(err);
  console.error(`admin:create failed: ${message}`);
  process.exitCode = 1;
});
