import { STATUS_CODES } from "node:http";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError, RetryLaterError } from "../errors.ts";
import type { SecurityHeaders } from "./security-headers.ts";

const FRAMEWORK_ERROR_MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: "The address is not valid (bad percent-encoding).",
  FST_ERR_MAX_PARAM_LENGTH: "A part of the address is too long.",
};

/**
 * A 4xx error's code: the thrower's own, or for Fastify's codes (FST_ERR_CTP_INVALID_CONTENT_LENGTH,
 * which name internals, not the problem) the status in words, e.g. `payload_too_large`.
 */
function clientErrorCode(error: FastifyError, statusCode: number): string {
  if (error.code && !error.code.startsWith("FST_")) return error.code.toLowerCase();
  return (STATUS_CODES[statusCode] ?? "Bad Request").toLowerCase().replaceAll(/[^a-z]+/g, "_");
}

/**
 * Fastify's own early refusals (a URL it cannot decode, an over-long path parameter) come before
 * any hook runs: they get the security headers and the API's error shape here.
 */
export function frameworkErrorHandler(securityHeaders: SecurityHeaders) {
  return async (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    securityHeaders(request, reply);
    const statusCode = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
    return reply.code(statusCode).send({
      statusCode,
      error: clientErrorCode(error, statusCode),
      message: FRAMEWORK_ERROR_MESSAGES[error.code] ?? error.message,
    });
  };
}

/** The one error shape of the API: { statusCode, error, message }. A 5xx is a bug and is logged as one. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const reasons = error.validation.map((issue) => {
        const field = issue.instancePath.replace(/^\//, "").replaceAll("/", ".");
        return field ? `${field}: ${issue.message}` : (issue.message ?? "invalid");
      });
      return reply.code(400).send({
        statusCode: 400,
        error: "bad_request",
        message: `Invalid ${error.validationContext ?? "request"}: ${reasons.join("; ")}`,
      });
    }
    if (error instanceof AppError) {
      if (error instanceof RetryLaterError) reply.header("retry-after", String(error.retryAfterSeconds));
      return reply
        .code(error.statusCode)
        .send({ statusCode: error.statusCode, error: error.code, message: error.message, ...error.details });
    }
    const statusCode = error.statusCode ?? 500;
    if (statusCode < 500) {
      return reply.code(statusCode).send({
        statusCode,
        error: clientErrorCode(error, statusCode),
        message: error.message,
      });
    }
    request.log.error({ err: error }, "request failed");
    return reply.code(500).send({
      statusCode: 500,
      error: "internal_error",
      message: "Something went wrong on our side. Please try again.",
    });
  });
}
