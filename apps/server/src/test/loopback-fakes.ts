import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import type { SmtpSettings } from "../mail/mail-transport.ts";
import type { TwilioSettings } from "../sms/sms-transport.ts";

/*
 * Loopback stand-ins for the real providers, which record every delivery: an SMTP relay, and
 * Twilio's Messages API (POST to send, recording the Idempotency-Key header; GET to list, as the
 * reminders' reconciliation asks). Tests and the crash test's child worker talk to them over TCP.
 */

export type RecordedMail = { to: string[]; raw: string; messageId: string | null };
export type RecordedText = {
  to: string;
  body: string;
  idempotencyKey: string | null;
  dateSent: string;
};

export type LoopbackFakes = {
  mails: RecordedMail[];
  texts: RecordedText[];
  smtp: SmtpSettings;
  twilio: TwilioSettings;
  /** The next `count` text sends answer HTTP 500. */
  failTexts: (count: number) => void;
  close: () => Promise<void>;
};

export async function startLoopbackFakes(): Promise<LoopbackFakes> {
  const mails: RecordedMail[] = [];
  const texts: RecordedText[] = [];
  let failing = 0;
  const smtp = new SMTPServer({
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    size: 50 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        mails.push({
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw,
          messageId: /^Message-ID: <([^>]+)>/im.exec(raw)?.[1] ?? null,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const twilio: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const url = new URL(request.url ?? "/", "http://localhost");
      response.setHeader("content-type", "application/json");
      if (request.method === "GET") {
        const to = url.searchParams.get("To");
        const since = url.searchParams.get("DateSent>") ?? "";
        const messages = texts
          .filter((text) => text.to === to && text.dateSent >= since)
          .map((text) => ({ to: text.to, body: text.body }));
        response.end(JSON.stringify({ messages }));
        return;
      }
      if (failing > 0) {
        failing -= 1;
        response.writeHead(500);
        response.end(JSON.stringify({ code: 20500 }));
        return;
      }
      const form = new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
      const key = request.headers["idempotency-key"];
      texts.push({
        to: form.get("To") ?? "",
        body: form.get("Body") ?? "",
        idempotencyKey: typeof key === "string" ? key : null,
        dateSent: new Date().toISOString().slice(0, 10),
      });
      response.writeHead(201);
      response.end(JSON.stringify({ sid: `SM${texts.length}`, status: "queued" }));
    });
  });
  await new Promise<void>((resolve) => twilio.listen(0, "127.0.0.1", resolve));
  return {
    mails,
    texts,
    smtp: {
      smtpUrl: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}?pool=true&maxConnections=4`,
      from: "VaxCal <reminders@vaxcal.example>",
    },
    twilio: {
      accountSid: "AC00000000000000000000000000000009",
      authToken: "test-token",
      from: "+353861000000",
      apiUrl: `http://127.0.0.1:${(twilio.address() as AddressInfo).port}`,
    },
    failTexts: (count) => {
      failing = count;
    },
    close: async () => {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      twilio.closeAllConnections();
      await new Promise<void>((resolve) => twilio.close(() => resolve()));
    },
  };
}
