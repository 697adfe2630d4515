import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  /** Decoded from the MIME encodings nodemailer uses (a text part, and an HTML one if any). */
  subject: string;
  text: string;
  /** The HTML alternative of a multipart mail; null for a text-only mail. */
  html: string | null;
}

/**
 * A real SMTP server on loopback that keeps what it receives; `failNext` rejects deliveries for
 * a while (451), `rejectRecipients` refuses mailboxes for good (550 at RCPT TO, a bounce).
 */
export async function startSmtpSink(): Promise<{
  url: string;
  mails: ReceivedMail[];
  failNext: (count: number) => void;
  rejectRecipients: (addresses: Iterable<string>) => void;
  waitForMail: (count: number, timeoutMs?: number) => Promise<ReceivedMail[]>;
  stop: () => Promise<void>;
}> {
  const mails: ReceivedMail[] = [];
  let failures = 0;
  const rejected = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // A reverse DNS lookup of 127.0.0.1 for every connection: ~100 ms a mail.
    disableReverseLookup: true,
    logger: false,
    onRcptTo(address, session, callback) {
      if (!rejected.has(address.address.toLowerCase())) return callback();
      callback(Object.assign(new Error('550 5.1.1 mailbox unavailable'), { responseCode: 550 }));
    },
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
          ...decodeMail(raw),
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
    rejectRecipients: (addresses) => {
      for (const address of addresses) rejected.add(address.toLowerCase());
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

const headersOf = (head: string) => {
  const unfolded = head.replace(/\r\n[ \t]+/g, ' ');
  return (name: string) => new RegExp(`^${name}: *(.*)$`, 'im').exec(unfolded)?.[1]?.trim() ?? '';
};

/** A part's body, decoded from its transfer encoding (quoted-printable, base64 or plain). */
function decodeBody(header: (name: string) => string, body: string): string {
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body, 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? quotedPrintable(body.replace(/=\r\n/g, ''))
        : body;
  return text.replace(/\r\n/g, '\n');
}

/** Subject (RFC 2047 encoded words), the text body and, in a multipart mail, the HTML one. */
function decodeMail(raw: string): { subject: string; text: string; html: string | null } {
  const split = raw.indexOf('\r\n\r\n');
  const header = headersOf(raw.slice(0, split));
  const subject = header('Subject')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_, kind: string, data: string) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(data, 'base64').toString('utf8')
        : quotedPrintable(data.replace(/_/g, ' ')),
    );
  const body = raw.slice(split + 4);
  const boundary = /boundary="?([^";]+)"?/i.exec(header('Content-Type'))?.[1];
  if (boundary === undefined) return { subject, text: decodeBody(header, body), html: null };
  const parts = body
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => {
      const partSplit = part.indexOf('\r\n\r\n');
      const partHeader = headersOf(part.slice(2, partSplit));
      return {
        type: partHeader('Content-Type').toLowerCase(),
        body: decodeBody(partHeader, part.slice(partSplit + 4).replace(/\r\n$/, '')),
      };
    });
  const partOf = (type: string) => parts.find((part) => part.type.startsWith(type))?.body;
  return { subject, text: partOf('text/plain') ?? '', html: partOf('text/html') ?? null };
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
