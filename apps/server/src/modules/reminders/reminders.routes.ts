import { ReminderStatusResponseSchema, reminderPaths } from "@vaxcal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { createRequireUser, readSession } from "../../auth/authentication.ts";
import type { Db } from "../../db/database.ts";
import type { Clock } from "../../lib/clock.ts";
import { createUsersRepository } from "../accounts/index.ts";
import { registerOneClickLink, renderPage } from "./one-click-link.ts";
import { ReminderChannel, createRemindersRepository } from "./reminders.repository.ts";
import { isValidUnsubscribeSignature, unsubscribePath } from "./unsubscribe-link.ts";

type RemindersRoutesOptions = { db: Db; clock: Clock; secret: string };

const shownFailures = 20;

/** `+353871234567` → `087…`; another number's first digits; an e-mail's first three letters. */
function shortenRecipient(recipient: string): string {
  if (recipient.startsWith("+353")) return `0${recipient.slice(4, 6)}…`;
  if (recipient.startsWith("+")) return `${recipient.slice(0, 5)}…`;
  return `${recipient.slice(0, 3)}…`;
}

/**
 * The reminders' own routes: the one-click unsubscribe of the e-mails (GET from the link, POST
 * from mail apps per RFC 8058) and the reminders' state for Account Settings.
 */
export const remindersRoutes: FastifyPluginAsyncZod<RemindersRoutesOptions> = async (
  app,
  { db, clock, secret },
) => {
  const requireUser = createRequireUser({ db, clock });
  const repository = createRemindersRepository(db);

  const UnsubscribeQuerySchema = z.object({
    user: z.string().regex(/^\d{1,10}$/),
    email: z.string().max(320),
    signature: z.string().max(100),
  });

  async function unsubscribe(query: z.infer<typeof UnsubscribeQuerySchema>): Promise<boolean> {
    const userId = Number(query.user);
    if (!isValidUnsubscribeSignature(secret, userId, query.email, query.signature)) return false;
    const now = clock();
    await db.transaction(async (transaction) => {
      await createUsersRepository(transaction).updateUser(userId, {
        notifyEmail: false,
        updatedAt: now,
      });
      await createRemindersRepository(transaction).cancelPlannedOfUser(
        userId,
        ReminderChannel.email,
        "E-mail reminders were turned off.",
        now,
      );
    });
    return true;
  }

  registerOneClickLink(app, unsubscribePath, UnsubscribeQuerySchema, unsubscribe, {
    done: renderPage(
      "E-mail reminders are off",
      "You will get no more vaccination reminders by e-mail. You can turn them on again in Account Settings.",
    ),
    refused: renderPage(
      "This link does not work",
      "Turn e-mail reminders off in Account Settings instead.",
    ),
  });

  app.get(
    reminderPaths.status,
    {
      onRequest: requireUser,
      schema: {
        tags: ["accounts"],
        summary: "Whether e-mail and text reminders are on, and the reminders that failed",
        response: { 200: ReminderStatusResponseSchema },
      },
    },
    async (request) => {
      const userId = readSession(request).userId;
      const user = await createUsersRepository(db).readReminderSettings(userId);
      const failures = await repository.listFailures(userId, shownFailures);
      return {
        email_reminders: user?.notifyEmail ?? false,
        text_reminders: user?.notifyPhone ?? false,
        failures: failures.map((failure) => ({
          channel: failure.channel,
          recipient: shortenRecipient(failure.recipient),
          due_date: failure.dueDate,
          failed_at: failure.failedAt.toISOString(),
          reason: failure.reason,
        })),
      };
    },
  );
};
