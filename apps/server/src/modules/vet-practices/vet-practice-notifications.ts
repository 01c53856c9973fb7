import { messageLinkPages, vetPracticeLimits } from "@vaxcal/contracts";
import { renderEmail, type RenderedEmail } from "../../mail/render-email.ts";

/* The e-mails of vet practices: invites, and a farmer linking or unlinking the practice. */

export function buildVetInviteUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${messageLinkPages.vetJoin}?token=${token}`;
}

/**
 * A practice's name is typed by whoever registered it, so it is never in a subject (issue 23, M4):
 * only in the body, which renderEmail escapes.
 */
export const vetInviteSubject = "You're invited to join a practice on VaxCal";

export function renderVetInviteEmail(practiceName: string, url: string): RenderedEmail {
  return renderEmail({
    subject: vetInviteSubject,
    greeting: "Hello,",
    paragraphs: [
      `${practiceName} has invited you to join the practice on VaxCal, where you can see and adjust the vaccination calendars of the practice's client farms, and the doses due across them.`,
      `Choose a password to join. The link works once, for ${vetPracticeLimits.inviteLinkDays} days.`,
    ],
    action: { label: `Join ${practiceName}`, url },
    afterword: ["If you were not expecting this invitation, you can ignore this email."],
  });
}

type FarmerNames = { name: string; surname: string; farmName: string | null; town: string | null };

function describeFarmer(farmer: FarmerNames): string {
  const farm = farmer.farmName ? `, ${farmer.farmName}` : "";
  // The postal address is optional (decision 429): a farmer without one is named without a town.
  const town = farmer.town ? ` (${farmer.town})` : "";
  return `${farmer.name} ${farmer.surname}${farm}${town}`;
}

export function renderPracticeLinkedEmail(
  practiceName: string,
  farmer: FarmerNames,
  dashboardUrl: string,
): RenderedEmail {
  return renderEmail({
    subject: "A farmer has shared their vaccination calendars with your practice",
    greeting: "Hello,",
    paragraphs: [
      `${describeFarmer(farmer)} has chosen ${practiceName} as their vet practice on VaxCal.`,
      "Your practice's vets can now view and edit the farm's calendars, and its shots appear under doses due on your dashboard.",
    ],
    action: { label: "Open the practice dashboard", url: dashboardUrl },
  });
}

export function renderPracticeUnlinkedEmail(
  practiceName: string,
  farmer: FarmerNames,
): RenderedEmail {
  return renderEmail({
    subject: "A farmer no longer shares their calendars with your practice",
    greeting: "Hello,",
    paragraphs: [
      `${describeFarmer(farmer)} has removed ${practiceName} as their vet practice on VaxCal.`,
      "Your practice's vets can no longer see the farm's calendars, and its shots no longer appear under doses due.",
    ],
  });
}
