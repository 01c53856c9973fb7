/**
 * Micro-batching for hot statements (decision 702): callers hand in one item each and get their
 * own answer back, while the items that arrived while earlier batches were still running go to
 * the database together, as one statement. No item waits for a timer: when a batch slot is free
 * an item leaves at once (alone, on a quiet server), so batching only ever happens under load,
 * and each batch is sent after every item in it arrived, so it reads or writes nothing older
 * than the item's own request.
 */
export type Batcher<In, Out> = { run: (item: In) => Promise<Out> };

export type BatcherOptions<In, Out> = {
  /** Runs a batch; answers one result per item, in the items' order. */
  runBatch: (items: readonly In[]) => Promise<readonly Out[]>;
  /** Batches running at once (each holds a pooled connection while it runs). */
  maxInFlight: number;
  /** The most items in one batch. */
  maxBatch: number;
};

type Pending<In, Out> = {
  item: In;
  resolve: (value: Out) => void;
  reject: (error: unknown) => void;
};

export function createBatcher<In, Out>({
  runBatch,
  maxInFlight,
  maxBatch,
}: BatcherOptions<In, Out>): Batcher<In, Out> {
  let queue: Pending<In, Out>[] = [];
  let inFlight = 0;
  let scheduled = false;

  const send = () => {
    scheduled = false;
    while (inFlight < maxInFlight && queue.length > 0) {
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(maxBatch);
      inFlight += 1;
      void runBatch(batch.map((pending) => pending.item))
        .then(
          (results) => {
            if (results.length !== batch.length) {
              throw new Error(`a batch of ${batch.length} answered ${results.length} results`);
            }
            batch.forEach((pending, index) => pending.resolve(results[index] as Out));
          },
          (error: unknown) => batch.forEach((pending) => pending.reject(error)),
        )
        .catch((error: unknown) => batch.forEach((pending) => pending.reject(error)))
        .finally(() => {
          inFlight -= 1;
          send();
        });
    }
  };

  return {
    run: (item) =>
      new Promise<Out>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        // Items pushed in the same turn of the event loop leave together; nothing waits longer.
        if (!scheduled && inFlight < maxInFlight) {
          scheduled = true;
          queueMicrotask(send);
        }
      }),
  };
}
