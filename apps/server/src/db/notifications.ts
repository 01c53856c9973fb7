import pg from "pg";
import type { Database } from "./database.ts";

export type ChannelListener = {
  /** True while the LISTEN connection is up; a cache fed by it is trustworthy only then. */
  isListening: () => boolean;
  /**
   * Resolves once every notification committed before the call has been handled: a round trip
   * on the listening connection (PostgreSQL sends pending notifications before the answer).
   * False when the connection is down.
   */
  sync: () => Promise<boolean>;
  stop: () => Promise<void>;
};

export type ListenOptions = {
  /** Runs at every notification on one of the channels. */
  onNotification: (channel: string, payload: string) => void;
  /**
   * Runs whenever the connection is lost or (re)established: notifications sent while it was
   * down are gone, so whatever they would have dropped must be dropped now.
   */
  onReset: () => void;
  retryMs?: number;
  onError?: (error: Error) => void;
  /** The connection's application_name, as `pg_stat_activity` shows it. */
  name?: string;
};

/**
 * LISTENs on `channels` on a dedicated connection (a pooled one would be handed to other
 * queries), and connects again `retryMs` after losing it (decisions 701 and 705).
 */
export function listenToChannels(
  database: Database,
  channels: readonly string[],
  { onNotification, onReset, retryMs = 1_000, onError, name = "vaxcal-listen" }: ListenOptions,
): ChannelListener {
  let client: pg.Client | undefined;
  let listening = false;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const wanted = new Set(channels);

  const lose = (error?: Error) => {
    if (error) onError?.(error);
    listening = false;
    onReset();
    const lost = client;
    client = undefined;
    lost?.removeAllListeners();
    lost?.on("error", () => {});
    void lost?.end().catch(() => {});
    if (!stopped && !retry) retry = setTimeout(connect, retryMs);
  };

  const connect = () => {
    retry = undefined;
    if (stopped) return;
    const next = new pg.Client({ ...database.pool.options, application_name: name });
    client = next;
    next.on("notification", (message) => {
      if (wanted.has(message.channel)) onNotification(message.channel, message.payload ?? "");
    });
    next.on("error", (error) => lose(error));
    next.on("end", () => {
      if (client === next) lose();
    });
    next
      .connect()
      .then(() => next.query(channels.map((channel) => `LISTEN ${channel};`).join(" ")))
      .then(() => {
        if (client !== next) return;
        // Whatever changed before LISTEN took effect was not announced to this connection.
        onReset();
        listening = true;
      })
      .catch((error: Error) => {
        if (client === next) lose(error);
      });
  };

  connect();
  return {
    isListening: () => listening,
    sync: async () => {
      const current = client;
      if (!listening || !current) return false;
      try {
        await current.query("SELECT 1");
        return listening && client === current;
      } catch {
        return false;
      }
    },
    stop: async () => {
      stopped = true;
      clearTimeout(retry);
      listening = false;
      const last = client;
      client = undefined;
      if (last) {
        last.removeAllListeners();
        last.on("error", () => {});
        await last.end().catch(() => {});
      }
    },
  };
}
