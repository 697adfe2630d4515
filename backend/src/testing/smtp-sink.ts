import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
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
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
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
