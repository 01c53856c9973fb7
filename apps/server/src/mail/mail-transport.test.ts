import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSmtpMailTransport } from "./mail-transport.ts";
import { renderEmail } from "./render-email.ts";

type Received = { from: string; to: string[]; user: string | undefined; raw: string };

const received: Received[] = [];
let server: SMTPServer;
let port: number;

beforeAll(async () => {
  server = new SMTPServer({
    // A loopback relay without a certificate: plain SMTP with AUTH, as a local relay would be.
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    authMethods: ["PLAIN", "LOGIN"],
    onAuth(auth, _session, callback) {
      if (auth.username === "mailer" && auth.password === "s3cret") {
        callback(null, { user: auth.username });
      } else {
        callback(new Error("Invalid username or password"));
      }
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          user: typeof session.user === "string" ? session.user : undefined,
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("SMTP mail transport", () => {
  it("delivers an HTML e-mail with a plain-text alternative through the relay", async () => {
    const transport = createSmtpMailTransport({
      smtpUrl: `smtp://mailer:s3cret@127.0.0.1:${port}`,
      from: "VaxCal <no-reply@vaxcal.example>",
    });
    const email = renderEmail({
      subject: "Confirm your email",
      greeting: "Hello Mary,",
      paragraphs: ["Please confirm."],
      action: { label: "Confirm", url: "https://vaxcal.example/email/verify/1/abc" },
    });
    await transport.send({ to: "mary@example.ie", ...email });
    transport.close();

    const message = received.at(-1);
    expect(message?.from).toBe("no-reply@vaxcal.example");
    expect(message?.to).toEqual(["mary@example.ie"]);
    expect(message?.user).toBe("mailer");
    expect(message?.raw).toMatch(/^Subject: Confirm your email$/m);
    expect(message?.raw).toMatch(/^From: VaxCal <no-reply@vaxcal.example>$/m);
    expect(message?.raw).toMatch(/Content-Type: multipart\/alternative/);
    expect(message?.raw).toMatch(/Content-Type: text\/plain/);
    expect(message?.raw).toMatch(/Content-Type: text\/html/);
  });

  it("fails loudly when the relay refuses the login", async () => {
    const transport = createSmtpMailTransport({
      smtpUrl: `smtp://mailer:wrong@127.0.0.1:${port}`,
      from: "no-reply@vaxcal.example",
    });
    await expect(
      transport.send({ to: "mary@example.ie", subject: "x", text: "x", html: "<p>x</p>" }),
    ).rejects.toThrow();
    transport.close();
  });
});
