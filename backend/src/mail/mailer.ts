import type { Transporter } from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** An HTML alternative to `text` (the newsletter's issues); mail clients pick one. */
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe on newsletter mail. */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * Real SMTP through SMTP_URL; null when the server has no mail configured. nodemailer is loaded
 * with the first mail rather than at start: ~80 ms of every start otherwise, mail or not.
 * `pooled` keeps one connection open and sends mail after mail through it (the newsletter's
 * issues), sparing each mail a new connection and the server's greeting; otherwise each mail
 * has its own connection.
 */
export function createMailer(
  smtpUrl: string | null,
  from: string | null,
  { pooled = false }: { pooled?: boolean } = {},
): Mailer | null {
  if (smtpUrl === null || from === null) return null;
  let transport: Promise<Transporter> | null = null;
  return {
    async send(mail) {
      transport ??= import('nodemailer').then(({ default: nodemailer }) =>
        pooled
          ? nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: 1 })
          : nodemailer.createTransport(smtpUrl),
      );
      await (await transport).sendMail({ from, ...mail });
    },
    close() {
      void transport?.then((opened) => opened.close());
    },
  };
}
