import nodemailer from "nodemailer";

/** One e-mail: plain language in HTML, with the same words as plain text for every client. */
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Without angle brackets; a resend with the same id is one message to receivers that dedupe. */
  messageId?: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
  headers?: Record<string, string>;
};

export type MailTransport = {
  send: (message: MailMessage) => Promise<void>;
  close: () => void;
};

export type SmtpSettings = {
  /** `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…:465`; options may follow as a query. */
  smtpUrl: string;
  /** The sender, e.g. `VaxCal <no-reply@vaxcal.ie>`. */
  from: string;
};

// A slow relay must not hold a request or a worker for minutes.
const timeoutMs = 15_000;

export function createSmtpMailTransport(settings: SmtpSettings): MailTransport {
  const transporter = nodemailer.createTransport(
    {
      url: settings.smtpUrl,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
    },
    { from: settings.from },
  );
  return {
    send: async (message) => {
      await transporter.sendMail({
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.messageId ? { messageId: `<${message.messageId}>` } : {}),
        ...(message.attachments ? { attachments: message.attachments } : {}),
        ...(message.headers ? { headers: message.headers } : {}),
      });
    },
    close: () => transporter.close(),
  };
}
