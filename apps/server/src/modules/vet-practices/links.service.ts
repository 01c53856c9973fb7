import { messageLinkPages } from "@vaxcal/contracts";
import { MessageKind } from "../../outbox/outbox.repository.ts";
import { type AccountsContext, createUsersRepository } from "../accounts/index.ts";
import {
  renderPracticeLinkedEmail,
  renderPracticeUnlinkedEmail,
} from "./vet-practice-notifications.ts";
import { createVetPracticesRepository } from "./vet-practices.repository.ts";

/**
 * Tells the practices concerned that a farmer linked or unlinked them (registration or settings).
 * Run after the answer as a background task: the farmer's save never waits for it, nor fails
 * when a busy practice's daily e-mail budget is spent (the task then logs the refusal). They are
 * notifications: their budget is not the one the practice's password reset needs (issue 23, M5). A demo
 * practice without an e-mail is not told.
 */
export function notifyPracticesOfLinkChange(
  context: AccountsContext,
  farmerId: number,
  previousPracticeId: number | null,
  nextPracticeId: number | null,
): void {
  if (previousPracticeId === nextPracticeId) return;
  context.tasks.run("vet practice link notice", async () => {
    const farmer = await createUsersRepository(context.db).findUserById(farmerId);
    if (!farmer) return;
    const names = {
      name: farmer.name,
      surname: farmer.surname,
      farmName: farmer.farmerName,
      town: farmer.town,
    };
    const practices = createVetPracticesRepository(context.db);
    const ids: number[] = [];
    if (previousPracticeId !== null) {
      const practice = await practices.findPractice(previousPracticeId);
      if (practice?.email) {
        const email = renderPracticeUnlinkedEmail(practice.vetPracticeName, names);
        ids.push(
          await context.outbox.queueEmail(
            context.db,
            { to: practice.email, ...email },
            farmerId,
            MessageKind.notification,
          ),
        );
      }
    }
    if (nextPracticeId !== null) {
      const practice = await practices.findPractice(nextPracticeId);
      if (practice?.email) {
        const url = `${context.publicUrl}${messageLinkPages.vetDashboard}`;
        const email = renderPracticeLinkedEmail(practice.vetPracticeName, names, url);
        ids.push(
          await context.outbox.queueEmail(
            context.db,
            { to: practice.email, ...email },
            farmerId,
            MessageKind.notification,
          ),
        );
      }
    }
    context.outbox.deliverSoon(ids);
  });
}
