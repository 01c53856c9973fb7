/** One text message to a mobile in E.164 form (`+353871234567`). */
export type SmsMessage = {
  to: string;
  body: string;
  /**
   * Ours for this message (a reminder's ledger key): sent as the `Idempotency-Key` header, and
   * what a crashed send is later reconciled by.
   */
  idempotencyKey?: string;
};

export type SmsTransport = {
  send: (message: SmsMessage) => Promise<void>;
  /**
   * Whether the provider already accepted this text (same number and words) since `since`: how a
   * send cut off by a crash is reconciled instead of sent again.
   */
  wasAccepted: (message: SmsMessage, since: Date) => Promise<boolean>;
};

export type TwilioSettings = {
  accountSid: string;
  authToken: string;
  /** A sending number in E.164, an alphanumeric sender id, or a Messaging Service (`MG…`). */
  from: string;
  /** `https://api.twilio.com` in production; a loopback fake in tests. */
  apiUrl: string;
};

export class SmsDeliveryError extends Error {
  override name = "SmsDeliveryError";
}

const timeoutMs = 15_000;

/**
 * A fetch that gives up after the timeout. Not `AbortSignal.timeout`: its timer and signal live
 * on for the full 15 s after the answer, which at a thousand texts a second holds thousands of
 * them and keeps the garbage collector busy.
 */
async function fetchWithTimeout(url: URL | string, init: RequestInit): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new SmsDeliveryError("Twilio timed out")),
    timeoutMs,
  );
  try {
    const response = await fetch(url, { ...init, signal: controller.signal });
    const body = await response.arrayBuffer();
    return new Response(body, { status: response.status, headers: response.headers });
  } finally {
    clearTimeout(timer);
  }
}

/** Twilio's Messages API: one form-encoded POST per text, authenticated with the account's key. */
export function createTwilioSmsTransport(settings: TwilioSettings): SmsTransport {
  const endpoint = new URL(
    `/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`,
    settings.apiUrl,
  );
  const credentials = Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString(
    "base64",
  );
  const sender: Record<string, string> = settings.from.startsWith("MG")
    ? { MessagingServiceSid: settings.from }
    : { From: settings.from };
  return {
    send: async (message) => {
      const response = await fetchWithTimeout(endpoint, {
        method: "POST",
        headers: {
          authorization: `Basic ${credentials}`,
          "content-type": "application/x-www-form-urlencoded",
          accept: "application/json",
          ...(message.idempotencyKey ? { "idempotency-key": message.idempotencyKey } : {}),
        },
        body: new URLSearchParams({ To: message.to, Body: message.body, ...sender }),
      });
      if (!response.ok) {
        // Twilio answers errors as `{ code, message }`; keep its code, never the recipient.
        const detail = (await response.json().catch(() => ({}))) as { code?: unknown };
        throw new SmsDeliveryError(
          `Twilio refused the message: HTTP ${response.status}, code ${String(detail.code ?? "none")}`,
        );
      }
      await response.body?.cancel();
    },

    // Twilio's Messages list, filtered by recipient and day (its finest filter), then by body.
    wasAccepted: async (message, since) => {
      const query = new URLSearchParams({
        To: message.to,
        "DateSent>": since.toISOString().slice(0, 10),
        PageSize: "1000",
      });
      const response = await fetchWithTimeout(`${endpoint.href}?${query}`, {
        headers: { authorization: `Basic ${credentials}`, accept: "application/json" },
      });
      if (!response.ok) {
        await response.body?.cancel();
        throw new SmsDeliveryError(`Twilio message list failed: HTTP ${response.status}`);
      }
      const page = (await response.json()) as { messages?: { to?: string; body?: string }[] };
      return (page.messages ?? []).some(
        (sent) => sent.to === message.to && sent.body === message.body,
      );
    },
  };
}
