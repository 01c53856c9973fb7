import http from "node:http";
import type { Socket } from "node:net";
import { ErrorCode, type ErrorBody } from "@vaxcal/contracts";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { statusByErrorCode } from "../errors/app-error.ts";
import { describeError } from "../errors/error-handler.ts";

/*
 * The failures Fastify answers before a route or the error handler is involved, in our error
 * shape too: a path it cannot decode (FST_ERR_BAD_URL), a parameter over its length, and requests
 * Node's HTTP parser refuses (bad header lines, oversized headers, timeouts).
 */

/** Fastify's `frameworkErrors` option. */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const body = describeError(error, request.id);
  request.log.info({ code: body.error.code }, "request rejected");
  void reply.code(statusByErrorCode[body.error.code]).send(body);
}

const clientErrors: Record<string, { status: number; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: "The request took too long to arrive." },
  HPE_HEADER_OVERFLOW: { status: 431, message: "The request headers are too large." },
};

/** Fastify's `clientErrorHandler` option: the socket gets a raw answer, then is closed. */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === "ECONNRESET" || socket.destroyed || !socket.writable) return;
  const known = error.code ? clientErrors[error.code] : undefined;
  const status = known?.status ?? 400;
  const answer: ErrorBody = {
    error: {
      code: ErrorCode.validation,
      message: known?.message ?? "The request is not valid HTTP.",
    },
  };
  const body = JSON.stringify(answer);
  socket.end(
    [
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}`,
      `Content-Length: ${Buffer.byteLength(body)}`,
      "Content-Type: application/json; charset=utf-8",
      "Connection: close",
      "",
      body,
    ].join("\r\n"),
  );
}
