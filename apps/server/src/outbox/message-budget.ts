import { messageBudgets, securityMessages } from "@vaxcal/contracts";
import type { Executor } from "../db/database.ts";
import { ThrottledError } from "../errors/throttled-error.ts";
import { MessageKind, OutboxChannel, createOutboxRepository } from "./outbox.repository.ts";

const windowMs = messageBudgets.windowHours * 60 * 60_000;

/** Over a daily message budget: the caller's transaction rolls back, so nothing is queued. */
export class MessageBudgetError extends ThrottledError {
  constructor(retryAfterSeconds: number) {
    super(retryAfterSeconds, securityMessages.messageBudgetExceeded);
  }
}

export type BudgetedMessage = {
  channel: OutboxChannel;
  recipient: string;
  /** The account the message is sent for; null when there is none yet. */
  accountId: number | null;
  /** Absent: a security message (verification, reset, contact change). */
  kind?: MessageKind;
};

/**
 * Checks that one more message fits the budgets of its destination and its account over the last
 * 24 hours, counting what the outbox already holds of the same kind: notifications (invites, link
 * notices) and security messages (verification, resets) never share a budget, so no number of
 * notifications can keep a password reset from being sent. The advisory locks make concurrent
 * requests for one destination or account count one after the other until their transactions end.
 */
export async function checkMessageBudget(
  executor: Executor,
  message: BudgetedMessage,
  now: Date,
): Promise<void> {
  const repository = createOutboxRepository(executor);
  const since = new Date(now.getTime() - windowMs);
  const isText = message.channel === OutboxChannel.sms;
  const kind = message.kind ?? MessageKind.security;
  const limits: { limit: number; count: number; oldest: Date | null }[] = [];

  if (message.accountId !== null) {
    await repository.lockBudget(`account:${kind}:${message.accountId}`);
    const account = await repository.countAccountMessages(message.accountId, kind, since);
    limits.push({ limit: messageBudgets.messagesPerAccount, ...account.all });
    if (isText) limits.push({ limit: messageBudgets.textsPerAccount, ...account.texts });
  }
  await repository.lockBudget(`${message.channel}:${kind}:${message.recipient}`);
  const destination = await repository.countDestinationMessages(
    message.channel,
    message.recipient,
    kind,
    since,
  );
  limits.push({
    limit: isText ? messageBudgets.textsPerDestination : messageBudgets.emailsPerDestination,
    ...destination,
  });

  const exceeded = limits.filter((entry) => entry.count >= entry.limit);
  if (exceeded.length === 0) return;
  const freedAtMs = Math.max(
    ...exceeded.map((entry) => (entry.oldest?.getTime() ?? now.getTime()) + windowMs),
  );
  throw new MessageBudgetError(Math.max(1, Math.ceil((freedAtMs - now.getTime()) / 1000)));
}
