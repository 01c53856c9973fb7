import { ErrorCode, accountMessages } from "@vaxcal/contracts";
import { AppError } from "./app-error.ts";

/**
 * A 429 that knows when trying again can succeed: a throttle or a message budget. The error
 * handler sends the wait as Retry-After, wherever in a service it was thrown.
 */
export class ThrottledError extends AppError {
  readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number, message: string = accountMessages.tooManyRequests) {
    super(ErrorCode.rateLimited, message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
