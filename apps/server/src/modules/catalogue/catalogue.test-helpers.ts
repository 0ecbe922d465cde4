import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ProductInput } from '@app/contracts';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { AppConfig } from '../../config.js';
import { createTenant, createUser, DEFAULT_PASSWORD } from '../../seed/factories.js';
import { accountsClient } from '../../test/accounts.js';
import { buildTestApp, type TestDatabaseOptions } from '../../test/app.js';
import type { TenantRow } from '../tenants/tenants.schema.js';

/** A test app whose uploads go to a fresh temporary folder. */
export function buildCatalogueTestApp(overrides: Partial<AppConfig> = {}, options: TestDatabaseOptions = {}) {
  const localDir = mkdtempSync(join(tmpdir(), 'catalogue-test-'));
  return buildTestApp(
    {
      storage: { driver: 'local', localDir },
      catalogue: { counterFlushMs: 60_000, seedProductsPerTenant: 0, answerCacheMs: 2_000 },
      ...overrides,
    },
    options,
  );
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A tenant with its own merchants and a customer, each signed in, and a call helper on its host. */
export async function catalogueTenant(app: FastifyInstance, overrides: Parameters<typeof createTenant>[1] = {}) {
  const tenant: TenantRow = await createTenant(app.db, overrides);
  const accounts = accountsClient(app, tenant.domain);
  const signIn = async (userType: 'merchant' | 'customer', businessName?: string) => {
    const made = await createUser(app.db, tenant.id, {
      userType,
      ...(businessName ? { merchant: { businessName } } : {}),
    });
    const token = await accounts.token(made.user.email, DEFAULT_PASSWORD);
    return { ...made, token };
  };
  const call = (method: Method, url: string, payload?: unknown, token?: string, extra: Partial<InjectOptions> = {}) =>
    app.inject({
      method,
      url,
      headers: {
        host: tenant.domain,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(extra.headers ?? {}),
      },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return { tenant, signIn, call, host: tenant.domain };
}

export const shoppingProduct = (overrides: Partial<ProductInput> = {}): ProductInput => ({
  title: '유기농 현미 4kg',
  description: '양평에서 키운 무농약 현미입니다.',
  price: 18_000,
  original_price: 24_000,
  category: 'food',
  is_available: true,
  display_remaining: -1,
  ...overrides,
});

export const deliveryProduct = (overrides: Partial<ProductInput> = {}): ProductInput => ({
  category_type: 'pickup',
  title: '한우 불고기 도시락',
  description: '당일 손질한 한우로 만든 불고기 도시락',
  price: 12_000,
  original_price: 15_000,
  delivery_category: 'korean',
  is_delivery: true,
  display_remaining: 10,
  ...overrides,
});

/** A multipart body of one file (and text fields), as a browser form sends it. */
export function multipartBody(
  file: { data: Buffer; filename: string; contentType?: string; field?: string } | null,
  fields: Record<string, string> = {},
) {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** An ISO-BMFF header with the HEIC brand, as iPhones write it. */
export function heicBytes(): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftypheic', 4, 'latin1');
  ftyp.writeUInt32BE(0, 12);
  ftyp.write('mif1heic', 16, 'latin1');
  return Buffer.concat([ftyp, Buffer.alloc(5000, 1)]);
}
