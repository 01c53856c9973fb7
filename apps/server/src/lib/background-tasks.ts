import type { FastifyBaseLogger } from "fastify";

/**
 * Work a request starts and does not wait for, run in this process after the answer has gone:
 * e.g. a password reset's look-up and e-mail, so that the answer cannot tell by its timing whether
 * an account exists (docs/security.md). A failed task is logged, never thrown at the caller.
 */
export function createBackgroundTasks(log: FastifyBaseLogger) {
  const running = new Set<Promise<void>>();

  return {
    /** Runs `task` once the current request's own work has been done, on a later turn. */
    run(name: string, task: () => Promise<unknown>): void {
      const done = new Promise<void>((resolve) => setImmediate(resolve)).then(task).then(
        () => undefined,
        (error: unknown) => log.error({ err: error }, `background task failed: ${name}`),
      );
      running.add(done);
      void done.finally(() => running.delete(done));
    },

    /** Resolves once every task started so far, and any they started, has finished. */
    async whenIdle(): Promise<void> {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}

export type BackgroundTasks = ReturnType<typeof createBackgroundTasks>;
