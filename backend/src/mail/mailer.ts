import type { Transporter } from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
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
 */
export function createMailer(smtpUrl: string | null, from: string | null): Mailer | null {
  if (smtpUrl === null || from === null) return null;
  let transport: Promise<Transporter> | null = null;
  return {
    async send(mail) {
      transport ??= import('nodemailer').then(({ default: nodemailer }) =>
        nodemailer.createTransport(smtpUrl),
      );
      await (await transport).sendMail({ from, ...mail });
    },
    close() {
      void transport?.then((opened) => opened.close());
    },
  };
}
