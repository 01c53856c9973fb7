import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SmsDeliveryError, createTwilioSmsTransport } from "./sms-transport.ts";

type Recorded = { method: string; path: string; authorization: string; type: string; body: string };

const requests: Recorded[] = [];
let answer: { status: number; body: unknown } = { status: 201, body: {} };
let server: Server;
let apiUrl: string;

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
  });
}

/** A loopback stand-in for Twilio's Messages API. */
beforeAll(async () => {
  server = createServer(async (request, response) => {
    requests.push({
      method: request.method ?? "",
      path: request.url ?? "",
      authorization: request.headers.authorization ?? "",
      type: request.headers["content-type"] ?? "",
      body: await readBody(request),
    });
    response.writeHead(answer.status, { "content-type": "application/json" });
    response.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  requests.length = 0;
  answer = { status: 201, body: { sid: "SM123", status: "queued" } };
});

const settings = () => ({
  accountSid: "AC0123456789abcdef",
  authToken: "token-xyz",
  from: "+35312345678",
  apiUrl,
});

describe("Twilio SMS transport", () => {
  it("posts the text form-encoded with the account's basic auth", async () => {
    await createTwilioSmsTransport(settings()).send({
      to: "+353871234567",
      body: "VaxCal code: 012345 & more",
    });
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.method).toBe("POST");
    expect(request?.path).toBe("/2010-04-01/Accounts/AC0123456789abcdef/Messages.json");
    expect(request?.authorization).toBe(
      `Basic ${Buffer.from("AC0123456789abcdef:token-xyz").toString("base64")}`,
    );
    expect(request?.type).toBe("application/x-www-form-urlencoded");
    expect(Object.fromEntries(new URLSearchParams(request?.body))).toEqual({
      To: "+353871234567",
      From: "+35312345678",
      Body: "VaxCal code: 012345 & more",
    });
  });

  it("sends through a Messaging Service when the sender is one", async () => {
    await createTwilioSmsTransport({ ...settings(), from: "MG0001" }).send({
      to: "+447400123456",
      body: "Hi",
    });
    const form = new URLSearchParams(requests[0]?.body);
    expect(form.get("MessagingServiceSid")).toBe("MG0001");
    expect(form.has("From")).toBe(false);
  });

  it("rejects with Twilio's error code and without the recipient's number", async () => {
    answer = { status: 400, body: { code: 21211, message: "The 'To' number is not valid." } };
    const sending = createTwilioSmsTransport(settings()).send({ to: "+353871234567", body: "Hi" });
    await expect(sending).rejects.toThrow(SmsDeliveryError);
    await expect(sending).rejects.toThrow("HTTP 400, code 21211");
    await expect(sending).rejects.not.toThrow("871234567");
  });
});
