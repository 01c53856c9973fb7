import { ReminderStatusResponseSchema, reminderPaths } from "@vaxcal/contracts";
import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { createRequireUser, readSession } from "../../auth/authentication.ts";
import type { Db } from "../../db/database.ts";
import { users } from "../../db/schema/accounts.ts";
import { vetPractices } from "../../db/schema/reference.ts";
import { escapeHtml } from "../../mail/render-email.ts";
import type { Clock } from "../../lib/clock.ts";
import { ReminderChannel, createRemindersRepository } from "./reminders.repository.ts";
import { digestReasons } from "../vet-practices/practice-digest.ts";
import {
  digestUnsubscribePath,
  isValidDigestUnsubscribeSignature,
  isValidUnsubscribeSignature,
  unsubscribePath,
} from "./unsubscribe-link.ts";

type FastifyZodInstance = Parameters<FastifyPluginAsyncZod>[0];

export type RemindersRoutesOptions = { db: Db; clock: Clock; secret: string };

const shownFailures = 20;

/** `+353871234567` → `087…`; another number's first digits; an e-mail's first three letters. */
export function shortenRecipient(recipient: string): string {
  if (recipient.startsWith("+353")) return `0${recipient.slice(4, 6)}…`;
  if (recipient.startsWith("+")) return `${recipient.slice(0, 5)}…`;
  return `${recipient.slice(0, 3)}…`;
}

function renderPage(
  title: string,
  text: string,
  linkPath = "/account-settings",
  linkLabel = "Account Settings",
): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head><body style="font-family:Arial,Helvetica,sans-serif;font-size:18px;max-width:560px;margin:40px auto;padding:0 16px"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p><p><a href="${escapeHtml(linkPath)}">${escapeHtml(linkLabel)}</a></p></body></html>`;
}

/**
 * A signed one-click link: GET (the link itself) answers a small page, 200 when `turnOff` took it,
 * 400 when the signature does not hold; POST (mail apps, RFC 8058) answers 204 or 400.
 */
function registerOneClickLink<Query extends z.ZodType>(
  app: FastifyZodInstance,
  path: string,
  querystring: Query,
  turnOff: (query: z.infer<Query>) => Promise<boolean>,
  pages: { done: string; refused: string },
): void {
  app.get(path, { schema: { hide: true, querystring } }, async (request, reply) => {
    const done = await turnOff(request.query as z.infer<Query>);
    return reply
      .code(done ? 200 : 400)
      .type("text/html; charset=utf-8")
      .send(done ? pages.done : pages.refused);
  });
  app.post(path, { schema: { hide: true, querystring } }, async (request, reply) =>
    reply.code((await turnOff(request.query as z.infer<Query>)) ? 204 : 400).send(),
  );
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
      await transaction
        .update(users)
        .set({ notifyEmail: false, updatedAt: now })
        .where(eq(users.id, userId));
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

  const DigestUnsubscribeQuerySchema = z.object({
    practice: z.string().regex(/^\d{1,10}$/),
    email: z.string().max(320),
    signature: z.string().max(100),
  });

  /** The practice digest's one-click link (decision 602): the digest is off until turned on. */
  async function unsubscribeDigest(
    query: z.infer<typeof DigestUnsubscribeQuerySchema>,
  ): Promise<boolean> {
    const practiceId = Number(query.practice);
    if (!isValidDigestUnsubscribeSignature(secret, practiceId, query.email, query.signature)) {
      return false;
    }
    const now = clock();
    await db.transaction(async (transaction) => {
      await transaction
        .update(vetPractices)
        .set({ digestEmails: false, updatedAt: now })
        .where(eq(vetPractices.id, practiceId));
      await createRemindersRepository(transaction).cancelPlannedDigest(
        practiceId,
        digestReasons.notWanted,
        now,
      );
    });
    return true;
  }

  registerOneClickLink(
    app,
    digestUnsubscribePath,
    DigestUnsubscribeQuerySchema,
    unsubscribeDigest,
    {
      done: renderPage(
        "The weekly digest is off",
        "Your practice will get no more weekly e-mails of doses due. The practice manager can turn them on again on the vet dashboard.",
        "/vet/dashboard",
        "Vet dashboard",
      ),
      refused: renderPage(
        "This link does not work",
        "The practice manager can turn the weekly digest off on the vet dashboard instead.",
        "/vet/dashboard",
        "Vet dashboard",
      ),
    },
  );

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
      const [user] = await db
        .select({ notifyEmail: users.notifyEmail, notifyPhone: users.notifyPhone })
        .from(users)
        .where(eq(users.id, userId));
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
