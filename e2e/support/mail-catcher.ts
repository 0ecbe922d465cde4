import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One mail as the catcher writes it: `{dir}/{sequence}.json`. */
export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
  received_at: string;
}

/**
 * A local SMTP server standing in for the real mail service: the server under test sends through
 * it (SMTP_URL), as a deployment would, and each mail is written as a JSON file into a temporary
 * folder that the journeys read. The server has no outbox page in production.
 */
export async function startMailCatcher(): Promise<{ url: string; dir: string; close: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'e2e-mail-'));
  let sequence = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const caught: CaughtMail = {
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            received_at: new Date().toISOString(),
          };
          // Written under another name first, so that a reader never sees half a file.
          const name = String(++sequence).padStart(6, '0');
          writeFileSync(join(dir, `${name}.tmp`), JSON.stringify(caught));
          renameSync(join(dir, `${name}.tmp`), join(dir, `${name}.json`));
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    dir,
    close: async () => {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
