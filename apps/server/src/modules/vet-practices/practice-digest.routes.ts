import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/database.ts";
import type { Clock } from "../../lib/clock.ts";
import {
  createRemindersRepository,
  digestUnsubscribePath,
  isValidDigestUnsubscribeSignature,
  registerOneClickLink,
  renderPage,
} from "../reminders/index.ts";
import { digestReasons } from "./practice-digest.service.ts";
import { createVetDashboardRepository } from "./vet-dashboard.repository.ts";

type PracticeDigestRoutesOptions = { db: Db; clock: Clock; secret: string };

/** The weekly practice digest's one-click unsubscribe (GET from the link, POST from mail apps). */
export const practiceDigestRoutes: FastifyPluginAsyncZod<PracticeDigestRoutesOptions> = async (
  app,
  { db, clock, secret },
) => {
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
      await createVetDashboardRepository(transaction).updateDigestSetting(practiceId, false, now);
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
};
