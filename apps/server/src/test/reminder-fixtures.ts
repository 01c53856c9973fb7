import { sql } from "drizzle-orm";
import { referenceData } from "@vaxcal/reference-data";
import type { IsoDate } from "@vaxcal/schedule";
import pino from "pino";
import type { Db, Executor } from "../db/database.ts";
import type { Clock } from "../lib/clock.ts";
import { createSmtpMailTransport } from "../mail/mail-transport.ts";
import { createCalendarPdfReader } from "../modules/calendars/index.ts";
import { createReminderSender, type ReminderSender } from "../modules/reminders/index.ts";
import { createTwilioSmsTransport } from "../sms/sms-transport.ts";
import type { LoopbackFakes } from "./loopback-fakes.ts";

const fixtureChunk = 2_000;

/** Dairy, spring calving cows (combination 1), as the calendars tests' `dairySpringCows`. */
const dairySpringCows = {
  enterpriseId: 1,
  animalId: 1,
  seasonId: 1,
  birthDate: "2026-02-01",
  breedingDate: "2026-04-25",
} as const;

const payloadSetup = {
  enterprise: { id: 1, name: "Dairy" },
  animal: { id: 1, name: "Cows", isAdult: true },
  season: { id: 1, name: "Spring calving" },
  birthDate: dairySpringCows.birthDate,
  breedingDate: dairySpringCows.breedingDate,
};

/*
 * Many farms at once, written with generate_series (the crash test, the two-worker test and the
 * reminders benchmark): farmer i has a verified mobile with texts allowed, every `emailEvery`-th
 * farmer (0: none) has a verified e-mail with e-mails allowed instead, and each farmer has one
 * calendar whose one shot falls on `dueDate`.
 */
export async function createFarmsWithShotOn(
  db: Executor,
  options: {
    count: number;
    dueDate: IsoDate;
    emailEvery?: number;
    tag?: string;
    /** Mobiles are +35387 and 7 digits from here on; give each batch its own range. */
    firstPhone?: number;
  },
): Promise<void> {
  const tag = options.tag ?? "farm";
  const emailEvery = options.emailEvery ?? 0;
  const diseaseId = referenceData.diseases.find((disease) =>
    disease.animals.some((offer) => offer.animal_id === dairySpringCows.animalId),
  )?.id;
  const setup = JSON.stringify(payloadSetup);
  // In chunks: each calendar insert takes an advisory lock (the per-account cap) until commit.
  for (let first = 1; first <= options.count; first += fixtureChunk) {
    const last = Math.min(options.count, first + fixtureChunk - 1);
    await db.execute(sql`
    WITH farmers AS (
      INSERT INTO users (email, email_verified_at, phone, phone_verified_at, password_hash, name,
        surname, address1, town, eircode, county, country, notify_email, notify_phone,
        terms_accepted_at)
      SELECT ${tag} || '.' || i || '@farms.example', now(),
             '+35387' || lpad((i + ${options.firstPhone ?? 0})::text, 7, '0'), now(),
             'not-a-hash', 'Máire', 'Ní Bhriain', 'Main Road', 'Macroom', 'P12 K7Y8', 'Cork',
             'Ireland', ${emailEvery} > 0 AND i % ${emailEvery} = 0,
             NOT (${emailEvery} > 0 AND i % ${emailEvery} = 0), now()
      FROM generate_series(${first}::int, ${last}::int) AS i
      RETURNING id
    ), saved AS (
      INSERT INTO calendars (user_id, combination_id, enterprise_id, animal_id, season_id,
        birth_date, breeding_date, calendar_year, setup, feed_nonce, feed_token_hash)
      SELECT id, 1, ${dairySpringCows.enterpriseId}, ${dairySpringCows.animalId},
             ${dairySpringCows.seasonId}, ${dairySpringCows.birthDate}, ${dairySpringCows.breedingDate},
             2026, ${setup}::jsonb, md5(random()::text), md5(id::text || random()::text)
      FROM farmers
      RETURNING id
    ), columns AS (
      INSERT INTO calendar_diseases (calendar_id, disease_id, position, vaccine_id)
      SELECT id, ${diseaseId}, 0, NULL FROM saved
      RETURNING calendar_id
    )
    INSERT INTO calendar_shots (calendar_id, disease_id, shot_key, position, template_id, date,
      custom_name, is_recurrent, user_initiated)
    SELECT calendar_id, ${diseaseId}, ${`${diseaseId}-u1`}, 0, NULL, ${options.dueDate}::date,
           'Booster', 0, true
    FROM columns`);
  }
}

/**
 * The reminder sender as a worker runs it, against the loopback SMTP relay and fake Twilio, with
 * the calendars' PDFs for the e-mails; without `fakes`, with no transports, as in development
 * (messages are held for /dev/outbox). `close` stops the PDF reader's render pool.
 */
export function createLoopbackReminderSender({
  db,
  clock,
  fakes,
  secret = "test-secret-test-secret-test-secret",
  publicUrl = "https://vaxcal.example",
}: {
  db: Db;
  clock: Clock;
  fakes?: LoopbackFakes;
  secret?: string;
  publicUrl?: string;
}): { sender: ReminderSender; close: () => Promise<void> } {
  const pdfs = createCalendarPdfReader({ db, clock, secret, publicUrl });
  const sender = createReminderSender({
    db,
    clock,
    mail: fakes && createSmtpMailTransport(fakes.smtp),
    sms: fakes && createTwilioSmsTransport(fakes.twilio),
    renderCalendarPdf: pdfs.read,
    secret,
    publicUrl,
    log: pino({ level: "silent" }),
  });
  return { sender, close: () => pdfs.close() };
}
