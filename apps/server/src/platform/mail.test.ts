import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.js';
import { createTenant, createUser } from '../seed/factories.js';
import { accountsClient } from '../test/accounts.js';
import { buildTestApp } from '../test/app.js';
import { createLogMailer, type MailMessage } from './mail.js';

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

  it("delivers the password reset link to the SMTP server, on the tenant's domain, and the link sets the password", async () => {
    received = [];
    const tenant = await createTenant(app.db, { displayName: '재설정 마켓' });
    await createUser(app.db, tenant.id, { email: 'reset@example.com' });
    const client = accountsClient(app, tenant.domain);
    const asked = await client.call('POST', '/api/auth/reset-password-request', { email: 'reset@example.com' });
    expect(asked.statusCode).toBe(200);
    // The reset mail goes out after the answer: wait for the SMTP server to receive it.
    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 10_000 });
    const mail = received[0];
    expect(mail?.to && 'text' in mail.to ? mail.to.text : '').toBe('reset@example.com');
    expect(mail?.from?.value[0]).toMatchObject({ address: 'no-reply@market.test', name: '재설정 마켓' });
    expect(mail?.subject).toBe('[재설정 마켓] 비밀번호 재설정 안내');
    const link = /https?:\/\/\S+/.exec(mail?.text ?? '')?.[0] ?? '';
    expect(link).toMatch(
      new RegExp(`^http://${tenant.domain.replaceAll('.', '\\.')}/reset-password\\?token=[\\w-]{43}$`),
    );

    // Following the link: its page sends the token with the new password to the link's host.
    const url = new URL(link);
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { host: url.host },
      payload: { token: url.searchParams.get('token'), new_password: 'Fresh-meadow-42' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await client.login('reset@example.com', 'Fresh-meadow-42')).statusCode).toBe(200);
    expect((await client.login('reset@example.com', 'password123')).statusCode).toBe(401);
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

describe('production without SMTP_URL (npm start)', () => {
  it('lets no anonymous caller obtain a verification code or a reset link', async () => {
    const config = loadConfig({ NODE_ENV: 'production', PAYMENT_GATEWAY: 'sandbox' });
    expect(config.mail.outboxPage).toBe(false);
    const prod = await buildTestApp({ env: 'production', mail: config.mail });
    try {
      const sent: MailMessage[] = [];
      const send = prod.mailer.send.bind(prod.mailer);
      vi.spyOn(prod.mailer, 'send').mockImplementation(async (message) => {
        sent.push(message);
        return send(message);
      });
      const tenant = await createTenant(prod.db);
      await createUser(prod.db, tenant.id, { email: 'admin@example.com' });
      const client = accountsClient(prod, tenant.domain);
      const answers = [
        await client.call('POST', '/api/auth/reset-password-request', { email: 'admin@example.com' }),
        await client.call('POST', '/api/auth/send-verification-email', { email: 'new@example.com' }),
      ];
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
      // The reset's work runs after its answer.
      await prod.auth.settled();
      const code = sent.find((m) => m.meta?.kind === 'email_verification')?.meta?.code ?? '';
      const link = sent.find((m) => m.meta?.kind === 'password_reset')?.meta?.link ?? '';
      expect(code).toMatch(/^\d{6}$/);
      const token = new URL(link).searchParams.get('token') ?? '';
      expect(token).toHaveLength(43);

      for (const url of [
        '/api/dev/outbox',
        '/api/dev/outbox?to=admin@example.com',
        '/api/dev/outbox?to=new@example.com',
      ]) {
        const res = await client.call('GET', url);
        expect(res.statusCode).toBe(404);
        answers.push(res);
      }
      for (const res of answers) {
        expect(res.body).not.toContain(code);
        expect(res.body).not.toContain(token);
      }
      // Nothing is kept in memory either: the mails went to the server log only.
      expect(prod.mailer.kind).toBe('log');
      expect(prod.mailer.outbox).toBeUndefined();
    } finally {
      await prod.close();
    }
  });

  it('has no outbox page even when the outbox is asked for', async () => {
    const prod = await buildTestApp({ env: 'production', mail: { from: 'a@b.kr', outboxPage: true } });
    try {
      const tenant = await createTenant(prod.db);
      expect((await prod.inject({ url: '/api/dev/outbox', headers: { host: tenant.domain } })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });

  it('refuses DEV_OUTBOX=true at boot, and keeps the page in development and tests', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DEV_OUTBOX: 'true' })).toThrow(
      'DEV_OUTBOX=true is not allowed in production',
    );
    expect(loadConfig({ NODE_ENV: 'development' }).mail.outboxPage).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).mail.outboxPage).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test', DEV_OUTBOX: 'false' }).mail.outboxPage).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development', SMTP_URL: 'smtp://127.0.0.1:25' }).mail.outboxPage).toBe(false);
  });

  it('writes each mail with its code or link to the server log', async () => {
    const warn = vi.fn();
    const mailer = createLogMailer({ warn } as never);
    await mailer.send({
      to: 'new@example.com',
      subject: '[마켓] 이메일 인증 코드',
      text: '인증 코드: 123456',
      meta: { kind: 'email_verification', code: '123456' },
    });
    expect(warn).toHaveBeenCalledWith(
      {
        mail: { to: 'new@example.com', subject: '[마켓] 이메일 인증 코드', kind: 'email_verification', code: '123456' },
      },
      'mail not sent (no SMTP_URL); content logged',
    );
  });
});
