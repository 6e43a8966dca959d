// Maps every failure to the contract's error body: a stable code, an English message, never a stack or SQL.
import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { ApiErrorBody, fulfilmentValidationKeys, type ErrorCode } from "../../contract";
import { DatabaseUnavailable } from "../db/errors";
import { Refusal, type RefusalCode } from "../refusal";

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly issues?: { path: string; message: string }[],
  ) {
    super(message);
  }
}

/** The error answers every route declares beside its success answers: the contract's error body, whatever the status. */
export const errorAnswers = { "4xx": ApiErrorBody, "5xx": ApiErrorBody } as const;

/** An error answer; `values` are the figures its message names (for clients that say it their own way), when any. */
export function errorBody(
  code: ErrorCode,
  message: string,
  issues?: { path: string; message: string }[],
  values: Record<string, number> = {},
): ApiErrorBody {
  return { error: { code, message, ...(issues ? { issues } : {}), ...(Object.keys(values).length > 0 ? { values } : {}) } };
}

/** How soon a client may try again while the database is unavailable: the pool's timeouts answer within about that. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** The answer to a request the database's outage (DatabaseUnavailable) stopped, on either transport. */
export function databaseUnavailableBody(): ApiErrorBody {
  return errorBody("SERVICE_UNAVAILABLE", "The service is unavailable right now. Please try again in a few seconds.", undefined, {
    retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
  });
}

/** A refusal's body, with the figures its message names when it has any (the SPA translates the message with them). */
export function refusalBody(refusal: Refusal): ApiErrorBody {
  return errorBody(refusal.code, refusal.message, refusalIssues[refusal.code], refusal.values);
}

/** Every refusal's HTTP status: one table for all domains. */
const refusalStatus: Record<RefusalCode, number> = {
  AUCTION_ENDED: 409,
  AUCTION_NOT_RUNNING: 409,
  AUCTION_STATE_MISSING: 404,
  ALREADY_WINNING: 409,
  BID_FAILED: 500,
  NOT_ENROLLED: 403,
  NOT_ENOUGH_FUNDS: 402,
  MIN_PREVIOUS_ENTRIES: 403,
  MAX_PREVIOUS_WINS: 403,
  WIN_LIMIT: 403,
  PRODUCT_WIN_LIMIT: 403,
  ENROLMENT_LOCKED: 409,
  SOLD_OUT: 409,
  REAL_BIDDERS_ONLY: 403,
  MANUAL_ONLY: 409,
  ALREADY_ENROLLED: 409,
  ENROLMENT_CLOSED: 409,
  BID_TOO_FAST: 429,
  AUTO_BID_TOO_LOW: 400,
  PROMO_CODE_INVALID: 400,
  PAYMENT_WINDOW_CLOSED: 409,
  FULFILMENT_STEP_REFUSED: 409,
  PROMO_CODE_EXISTS: 409,
  AUCTION_SPEND_LIMIT: 403,
  TOP_UP_LIMIT: 403,
  SELF_PAUSED: 403,
  PAUSE_CANNOT_BE_SHORTENED: 409,
  BUY_NOW_OFF: 409,
  BUY_NOW_NOT_ENDED: 409,
  BUY_NOW_NOT_ENROLLED: 403,
  BUY_NOW_WINNER: 409,
  BUY_NOW_ALREADY_BOUGHT: 409,
  BUY_NOW_WINDOW_CLOSED: 409,
  BUY_NOW_SOLD_OUT: 409,
  IMAGE_TYPE: 422,
  IMAGE_TOO_LARGE: 422,
  IMAGE_UNREADABLE: 422,
  IMAGE_UNKNOWN: 422,
  WITHDRAWAL_AMOUNT_INVALID: 400,
  WITHDRAWAL_TOO_SMALL: 400,
  WITHDRAWAL_TOO_LARGE: 402,
  IBAN_REQUIRED: 400,
  IBAN_INVALID: 400,
  IBAN_COUNTRY: 400,
  IBAN_LENGTH: 400,
  IBAN_CHECKSUM: 400,
  PAYOUT_REASON_REQUIRED: 400,
  ACCOUNT_CLOSED: 403,
  DATE_OF_BIRTH_REQUIRED: 403,
  DATE_OF_BIRTH_GIVEN: 409,
  UNDER_AGE: 403,
  BALANCE_NOT_WITHDRAWN: 409,
  WITHDRAWAL_PENDING: 409,
  WIN_UNPAID: 409,
  DELIVERY_OPEN: 409,
  BUY_NOW_PENDING: 409,
  LEADING_AUCTION: 409,
  // Reviews (decision 104).
  REVIEW_NOT_DELIVERED: 403,
  REVIEW_EXISTS: 409,
  REVIEW_PHOTO_TYPE: 422,
  REVIEW_ALREADY_HIDDEN: 409,
  NOT_FOUND: 404,
  CONFLICT: 409,
  AUCTION_CHANGED: 409,
  SERVER_BUSY: 503,
};

/** The form field a refusal points at, for the refusals a form shows beside its field. */
const refusalIssues: Partial<Record<RefusalCode, { path: string; message: string }[]>> = {
  PROMO_CODE_INVALID: [{ path: "promoCode", message: fulfilmentValidationKeys.promoCodeInvalid }],
  PROMO_CODE_EXISTS: [{ path: "code", message: "validation.alreadyTaken" }],
  IBAN_REQUIRED: [{ path: "iban", message: "withdraw.errors.IBAN_REQUIRED" }],
  IBAN_INVALID: [{ path: "iban", message: "withdraw.errors.IBAN_INVALID" }],
  IBAN_COUNTRY: [{ path: "iban", message: "withdraw.errors.IBAN_COUNTRY" }],
  IBAN_LENGTH: [{ path: "iban", message: "withdraw.errors.IBAN_LENGTH" }],
  IBAN_CHECKSUM: [{ path: "iban", message: "withdraw.errors.IBAN_CHECKSUM" }],
  UNDER_AGE: [{ path: "dateOfBirth", message: "personalData.validation.underAge" }],
};

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, "").replaceAll("/", "."),
        message: v.message ?? "Invalid value",
      }));
      return reply.status(400).send(errorBody("VALIDATION_FAILED", "The request is not valid.", issues));
    }
    if (error instanceof Refusal) {
      // A refusal that names when to come back says so where clients and proxies look for it too.
      if (error.values.retryAfterSeconds !== undefined) reply.header("retry-after", String(error.values.retryAfterSeconds));
      return reply.status(refusalStatus[error.code]).send(refusalBody(error));
    }
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send(errorBody(error.code, error.message, error.issues));
    }
    if (error instanceof DatabaseUnavailable) {
      request.log.warn({ err: error }, "the database is unavailable");
      return reply.status(503).header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS)).send(databaseUnavailableBody());
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code: ErrorCode = status === 404 ? "NOT_FOUND" : status === 429 ? "RATE_LIMITED" : "BAD_REQUEST";
      return reply.status(status).send(errorBody(code, status === 413 ? "The request is too large." : "The request is not valid."));
    }
    request.log.error({ err: error }, "request failed");
    return reply.status(500).send(errorBody("INTERNAL", "Something went wrong."));
  });
}

/**
 * Errors Fastify raises before routing (a malformed URL, a path parameter over maxParamLength), which never reach
 * the error handler: given to Fastify's `frameworkErrors` option so they answer in the same shape.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode ?? 400;
  if (status >= 500) {
    request.log.error({ err: error }, "request failed before routing");
    void reply.status(500).send(errorBody("INTERNAL", "Something went wrong."));
    return;
  }
  void reply.status(status).send(errorBody("BAD_REQUEST", status === 414 ? "The address is too long." : "The address is not valid."));
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers or URL too large, malformed, too slow):
 * given to Fastify's `clientErrorHandler` option, which writes straight to the socket, as Fastify's default does.
 */
export function answerClientError(error: ConnectionError, socket: Socket): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const [status, message] =
    error.code === "HPE_HEADER_OVERFLOW"
      ? [431, "The request's headers are too large."]
      : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? [408, "The request took too long."]
        : [400, "The request is not valid."];
  const body = JSON.stringify(errorBody("BAD_REQUEST", message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
