import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  /** Decoded from the MIME encodings a single-part text mail uses. */
  subject: string;
  text: string;
}

/** A real SMTP server on loopback that keeps what it receives; `failNext` rejects deliveries. */
export async function startSmtpSink(): Promise<{
  url: string;
  mails: ReceivedMail[];
  failNext: (count: number) => void;
  waitForMail: (count: number, timeoutMs?: number) => Promise<ReceivedMail[]>;
  stop: () => Promise<void>;
}> {
  const mails: ReceivedMail[] = [];
  let failures = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (failures > 0) {
          failures--;
          callback(new Error('451 try again later'));
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
          ...decodeTextMail(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    failNext: (count) => {
      failures = count;
    },
    async waitForMail(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (mails.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} mails, got ${mails.length}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return mails;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Subject (RFC 2047 encoded words) and body (quoted-printable, base64 or plain) of a text mail. */
function decodeTextMail(raw: string): { subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const header = (name: string) =>
    new RegExp(`^${name}: *(.*)$`, 'im').exec(headers)?.[1]?.trim() ?? '';
  const subject = header('Subject')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_, kind: string, data: string) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(data, 'base64').toString('utf8')
        : quotedPrintable(data.replace(/_/g, ' ')),
    );
  const body = raw.slice(split + 4);
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body, 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? quotedPrintable(body.replace(/=\r\n/g, ''))
        : body;
  return { subject, text: text.replace(/\r\n/g, '\n') };
}

function quotedPrintable(text: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}
