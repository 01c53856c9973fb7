import { messageLinkPages } from "@vaxcal/contracts";
import { formatLongDate, type IsoDate } from "@vaxcal/schedule";
import type { MailMessage } from "../../mail/mail-transport.ts";
import { renderEmail } from "../../mail/render-email.ts";

/*
 * The words of a reminder (decision 601). A text stays within one GSM-7 segment (160 characters)
 * where it can: fadas and other letters outside GSM-7 would turn the whole text into UCS-2, where a
 * segment holds 70 characters, so they are written without their accents ("Máire" → "Maire").
 */

/** One shot in a reminder: which animals, what against, with which vaccine. */
export type RemindedShot = {
  calendarId: number;
  animalName: string;
  diseaseName: string;
  vaccineName: string | null;
};

export const smsSegmentLength = 160;
const gsm7 =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const gsm7Characters = new Set(gsm7);

/** The text in GSM-7: accents dropped, anything else outside it replaced by a space. */
export function toGsm7(text: string): string {
  return [...text.normalize("NFD").replace(/\p{Mn}/gu, "")]
    .map((character) => (gsm7Characters.has(character) ? character : " "))
    .join("")
    .replace(/ {2,}/g, " ");
}

function describeShot(shot: RemindedShot): string {
  const vaccine = shot.vaccineName ? ` (${shot.vaccineName})` : "";
  return `${shot.animalName}: ${shot.diseaseName}${vaccine}`;
}

const weekday = new Intl.DateTimeFormat("en-IE", { weekday: "short", timeZone: "UTC" });

function formatDay(date: IsoDate): string {
  return `${weekday.format(new Date(`${date}T12:00:00Z`))} ${formatLongDate(date)}`;
}

/**
 * "VaxCal: vaccines due Tue 10 March 2026. Cows: BVD (Bovela); … Reply STOP to end texts." Shots
 * that do not fit one segment are counted instead: "+2 more, see your e-mail or VaxCal".
 */
export function composeReminderText(dueDate: IsoDate, shots: readonly RemindedShot[]): string {
  const head = `VaxCal: vaccines due ${formatDay(dueDate)}. `;
  const tail = " Reply STOP to end texts.";
  const parts = shots.map((shot) => toGsm7(describeShot(shot)));
  for (let shown = parts.length; shown >= 1; shown -= 1) {
    const more = shown < parts.length ? ` +${parts.length - shown} more in VaxCal.` : ".";
    const text = `${head}${parts.slice(0, shown).join("; ")}${more}${tail}`;
    if (text.length <= smsSegmentLength || shown === 1) return text;
  }
  return `${head}${parts.length} shots, see VaxCal.${tail}`;
}

export function composeReminderEmail(options: {
  to: string;
  /** The farmer's first name, for the greeting; "Hello," without one. */
  name?: string | undefined;
  dueDate: IsoDate;
  shots: readonly RemindedShot[];
  unsubscribeUrl: string;
  /** The app's address: the button opens its settings page, where reminders are set. */
  publicUrl: string;
}): MailMessage {
  const day = formatDay(options.dueDate);
  const rendered = renderEmail({
    subject: `Vaccination reminder: shots due ${day}`,
    greeting: options.name ? `Hello ${options.name},` : "Hello,",
    paragraphs: [
      `These vaccinations are due on ${day}:`,
      ...options.shots.map(describeShot),
      "Your printable calendar is attached.",
    ],
    action: { label: "Open VaxCal", url: `${options.publicUrl}${messageLinkPages.settings}` },
    afterword: [`To stop these e-mail reminders, open this link: ${options.unsubscribeUrl}`],
  });
  return {
    to: options.to,
    ...rendered,
    headers: {
      // RFC 8058: mail apps show their own one-click unsubscribe.
      "List-Unsubscribe": `<${options.unsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
