import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Display name of the sender (the tenant's service name). */
  fromName?: string;
  /** The tenant the mail is sent for (the outbox lists mails by tenant). */
  tenantId?: number;
  /** What the mail carries, for the development outbox and the log of unsent mails (never sent). */
  meta?: { kind: string; code?: string; link?: string };
}

export interface OutboxEntry extends MailMessage {
  id: number;
  createdAt: Date;
}

export interface Mailer {
  kind: 'smtp' | 'outbox' | 'log';
  send(message: MailMessage): Promise<void>;
  /** The mails kept for the development outbox page (newest first); undefined otherwise. */
  outbox?: { list(filter?: { tenantId?: number; to?: string }): OutboxEntry[]; clear(): void };
  close(): void;
}

const OUTBOX_LIMIT = 200;

/** SMTP through nodemailer (`smtp://user:pass@host:587`, `smtps://...`). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({
        from: message.fromName ? { name: message.fromName, address: from } : from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    },
    close: () => transport.close(),
  };
}

/**
 * Production without SMTP_URL: nothing is sent or kept, each mail is written to the server log
 * (codes and links included) so that the person running the server can still register.
 */
export function createLogMailer(log: FastifyInstance['log']): Mailer {
  return {
    kind: 'log',
    async send(message) {
      log.warn(
        { mail: { to: message.to, subject: message.subject, ...message.meta } },
        'mail not sent (no SMTP_URL); content logged',
      );
    },
    close: () => {},
  };
}

/** Development without SMTP_URL: mails are logged and kept in memory (the last 200) for the outbox page. */
export function createOutboxMailer(log: FastifyInstance['log']): Mailer {
  const entries: OutboxEntry[] = [];
  let sequence = 0;
  return {
    kind: 'outbox',
    async send(message) {
      const entry = { ...message, id: ++sequence, createdAt: new Date() };
      entries.unshift(entry);
      entries.length = Math.min(entries.length, OUTBOX_LIMIT);
      log.info(
        { mail: { id: entry.id, to: message.to, subject: message.subject, ...message.meta } },
        'mail kept in outbox',
      );
    },
    outbox: {
      list: (filter = {}) =>
        entries.filter(
          (e) =>
            (filter.tenantId === undefined || e.tenantId === filter.tenantId) &&
            (filter.to === undefined || e.to === filter.to),
        ),
      clear: () => {
        entries.length = 0;
      },
    },
    close: () => {},
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export const mailPlugin = fp(
  async (app: FastifyInstance, opts: { smtpUrl?: string; from: string; keepOutbox: boolean }) => {
    const mailer = opts.smtpUrl
      ? createSmtpMailer(opts.smtpUrl, opts.from)
      : opts.keepOutbox
        ? createOutboxMailer(app.log)
        : createLogMailer(app.log);
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => mailer.close());
  },
  { name: 'mail' },
);
