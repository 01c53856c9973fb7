import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/database.ts";
import {
  createSmtpMailTransport,
  type MailTransport,
  type SmtpSettings,
} from "../mail/mail-transport.ts";
import {
  createTwilioSmsTransport,
  type SmsTransport,
  type TwilioSettings,
} from "../sms/sms-transport.ts";
import type { Clock } from "../lib/clock.ts";
import { createMessageOutbox, type MessageOutbox } from "./message-outbox.ts";

export type MessagingSettings = {
  /** Absent (no SMTP_URL): e-mails stay in the outbox table. */
  mail: SmtpSettings | undefined;
  /** Absent (no TWILIO_*): texts stay in the outbox table. */
  sms: TwilioSettings | undefined;
};

export type Messaging = {
  outbox: MessageOutbox;
  mail: MailTransport | undefined;
  sms: SmsTransport | undefined;
  close: () => Promise<void>;
};

/**
 * The outbox with the transports the configuration names. Retries and messages a crash left
 * behind are swept by the `outbox-deliver` job (src/jobs); `close` lets started sends finish.
 */
export function createMessaging(
  settings: MessagingSettings,
  { db, clock, log }: { db: Db; clock: Clock; log: FastifyBaseLogger },
): Messaging {
  const mail = settings.mail ? createSmtpMailTransport(settings.mail) : undefined;
  const sms = settings.sms ? createTwilioSmsTransport(settings.sms) : undefined;
  const outbox = createMessageOutbox({ db, mail, sms, clock, log });
  return {
    outbox,
    mail,
    sms,
    close: async () => {
      await outbox.whenIdle();
      mail?.close();
    },
  };
}
