import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../seed/factories.js';
import { accountsClient } from '../test/accounts.js';
import { buildTestApp } from '../test/app.js';

let smtp: SMTPServer;
let received: ParsedMail[] = [];
let app: FastifyInstance;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  app = await buildTestApp({
    mail: { smtpUrl: `smtp://127.0.0.1:${port}`, from: 'no-reply@market.test', outboxPage: false },
  });
});
afterAll(async () => {
  await app.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('mail through SMTP (SMTP_URL set)', () => {
  it('delivers the verification code to the SMTP server, from the tenant service name', async () => {
    received = [];
    const tenant = await createTenant(app.db, { displayName: '메일 마켓' });
    const res = await accountsClient(app, tenant.domain).call('POST', '/api/auth/send-verification-email', {
      email: 'to@example.com',
    });
    expect(res.statusCode).toBe(200);
    expect(received).toHaveLength(1);
    const mail = received[0];
    expect(mail?.to && 'text' in mail.to ? mail.to.text : '').toBe('to@example.com');
    expect(mail?.from?.value[0]).toMatchObject({ address: 'no-reply@market.test', name: '메일 마켓' });
    expect(mail?.subject).toBe('[메일 마켓] 이메일 인증 코드');
    expect(mail?.text).toMatch(/인증 코드: \d{6}/);
  });

  it('has no outbox page', async () => {
    const tenant = await createTenant(app.db);
    const res = await app.inject({ url: '/api/dev/outbox', headers: { host: tenant.domain } });
    expect(res.statusCode).toBe(404);
  });

  it('answers 502 and lets the person ask again when the SMTP server refuses', async () => {
    const broken = await buildTestApp({ mail: { smtpUrl: 'smtp://127.0.0.1:9', from: 'a@b.kr', outboxPage: false } });
    try {
      const tenant = await createTenant(broken.db);
      const client = accountsClient(broken, tenant.domain);
      const res = await client.call('POST', '/api/auth/send-verification-email', { email: 'x@example.com' });
      expect(res.statusCode).toBe(502);
      expect(res.json().code).toBe('mail_failed');
      const again = await client.call('POST', '/api/auth/send-verification-email', { email: 'x@example.com' });
      expect(again.json().code).toBe('mail_failed');
    } finally {
      await broken.close();
    }
  });
});

describe('outbox (no SMTP_URL)', () => {
  it('is off when DEV_OUTBOX is false', async () => {
    const quiet = await buildTestApp({ mail: { from: 'a@b.kr', outboxPage: false } });
    try {
      const tenant = await createTenant(quiet.db);
      expect((await quiet.inject({ url: '/api/dev/outbox', headers: { host: tenant.domain } })).statusCode).toBe(404);
    } finally {
      await quiet.close();
    }
  });
});
