/**
 * The Mailer port: SES in AWS; locally each mail is written to `<DATA_DIR>/outbox/` and its links are logged,
 * so password resets work on a machine without mail.
 */
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { clock } from '../clock.ts';
import { config } from '../config.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

const localMailer: Mailer = {
  async send(mail) {
    const dir = join(config().DATA_DIR, 'outbox');
    await mkdir(dir, { recursive: true });
    const stamp = clock().now().toISOString().replace(/[:.]/g, '-');
    const file = join(dir, `${stamp}-${mail.to.replace(/[^a-zA-Z0-9@._-]/g, '_')}.eml`);
    const content = `From: ${config().MAIL_FROM}\nTo: ${mail.to}\nSubject: ${mail.subject}\nDate: ${clock().now().toUTCString()}\n\n${mail.text}\n`;
    await writeFile(file, content, 'utf8');
    const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
    console.log(`[mail] to ${mail.to}: ${mail.subject} (${file})${links.length ? `\n[mail] link: ${links.join(' ')}` : ''}`);
  },
};

let ses: SESv2Client | undefined;
const sesMailer: Mailer = {
  async send(mail) {
    ses ??= new SESv2Client({ region: config().AWS_REGION });
    await ses.send(
      new SendEmailCommand({
        FromEmailAddress: config().MAIL_FROM,
        Destination: { ToAddresses: [mail.to] },
        Content: { Simple: { Subject: { Data: mail.subject }, Body: { Text: { Data: mail.text } } } },
      }),
    );
  },
};

export const mailer = (): Mailer => (config().RUNTIME === 'local' ? localMailer : sesMailer);
