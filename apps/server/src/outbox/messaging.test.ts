import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createAccountsTestApp,
  readOutbox,
  registerUser,
  type AccountsTestApp,
} from "../test/accounts.ts";

/*
 * The real delivery paths through the app: a registration sends its e-mail over SMTP to a
 * loopback relay and its text to a loopback fake of Twilio's Messages API.
 */

const mails: { to: string[]; raw: string }[] = [];
const texts: { path: string; authorization: string; form: URLSearchParams }[] = [];
let smtp: SMTPServer;
let twilio: Server;
let testApp: AccountsTestApp;

async function waitFor<T>(read: () => Promise<T | undefined> | T | undefined): Promise<T> {
  for (let attempt = 0; attempt < 400; attempt += 1) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error("timed out");
}

beforeAll(async () => {
  smtp = new SMTPServer({
    disabledCommands: ["STARTTLS", "AUTH"],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        mails.push({
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  twilio = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      texts.push({
        path: request.url ?? "",
        authorization: request.headers.authorization ?? "",
        form: new URLSearchParams(Buffer.concat(chunks).toString("utf8")),
      });
      response.writeHead(201, { "content-type": "application/json" });
      response.end(JSON.stringify({ sid: "SM1", status: "queued" }));
    });
  });
  await new Promise<void>((resolve) => twilio.listen(0, "127.0.0.1", resolve));

  testApp = await createAccountsTestApp({
    mail: {
      smtpUrl: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
      from: "VaxCal <no-reply@vaxcal.example>",
    },
    sms: {
      accountSid: "AC00000000000000000000000000000001",
      authToken: "test-token",
      from: "+353861000000",
      apiUrl: `http://127.0.0.1:${(twilio.address() as AddressInfo).port}`,
    },
  });
});

afterAll(async () => {
  await testApp.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await new Promise<void>((resolve) => twilio.close(() => resolve()));
});

describe("with SMTP and Twilio configured", () => {
  it("e-mails the verification link over SMTP and texts the code through Twilio", async () => {
    const user = await registerUser(testApp.app, { phone_number: "0831234001" });

    const mail = await waitFor(() => mails.find((item) => item.to.includes(user.email ?? "")));
    expect(mail.raw).toMatch(/^Subject: Please confirm your email address for VaxCal$/m);
    expect(mail.raw).toMatch(/^From: VaxCal <no-reply@vaxcal.example>$/m);
    expect(mail.raw).toMatch(/Content-Type: multipart\/alternative/);

    const text = await waitFor(() => texts.find((item) => item.form.get("To") === "+353831234001"));
    expect(text.path).toBe("/2010-04-01/Accounts/AC00000000000000000000000000000001/Messages.json");
    expect(text.authorization).toBe(
      `Basic ${Buffer.from("AC00000000000000000000000000000001:test-token").toString("base64")}`,
    );
    expect(text.form.get("From")).toBe("+353861000000");
    expect(text.form.get("Body")).toMatch(/^VaxCal code: \d{6}\. Or tap http/);

    // Once delivered, a message keeps no body: its link could verify or log someone in.
    const sent = await waitFor(async () => {
      const [row] = await readOutbox(testApp.database, user.email ?? "");
      return row?.status === "sent" ? row : undefined;
    });
    expect(sent).toMatchObject({ bodyText: null, bodyHtml: null, attempts: 1 });
  });
});
