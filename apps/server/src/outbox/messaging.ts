import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/database.ts";
import { createSmtpMailTransport, type SmtpSettings } from "../mail/mail-transport.ts";
import { createTwilioSmsTransport, type TwilioSettings } from "../sms/sms-transport.ts";
import type { Clock } from "../lib/clock.ts";
import { createMessageOutbox, type MessageOutbox } from "./message-outbox.ts";

export type MessagingSettings = {
  /** Absent (no SMTP_URL): e-mails stay in the outbox table. */
  mail: SmtpSettings | undefined;
  /** Absent (no TWILIO_*): texts stay in the outbox table. */
  sms: TwilioSettings | undefined;
};

export type Messaging = { outbox: MessageOutbox; close: () => Promise<void> };

// Retries and messages a crash left behind go out within a minute. Claims skip locked rows, so
// every node may sweep without sending anything twice.
const sweepEveryMs = 60_000;

/**
 * The outbox with the transports the configuration names, swept every minute while the app runs;
 * `close` stops the sweep and lets started sends finish.
 */
export function createMessaging(
  settings: MessagingSettings,
  { db, clock, log }: { db: Db; clock: Clock; log: FastifyBaseLogger },
): Messaging {
  const mail = settings.mail ? createSmtpMailTransport(settings.mail) : undefined;
  const sms = settings.sms ? createTwilioSmsTransport(settings.sms) : undefined;
  const outbox = createMessageOutbox({ db, mail, sms, clock, log });
  let sweeping: Promise<unknown> = Promise.resolve();
  const sweep = setInterval(() => {
    sweeping = outbox
      .deliverDueMessages()
      .catch((error: unknown) => log.error({ err: error }, "outbox sweep failed"));
  }, sweepEveryMs);
  sweep.unref();
  return {
    outbox,
    close: async () => {
      clearInterval(sweep);
      await sweeping;
      await outbox.whenIdle();
      mail?.close();
    },
  };
}
