import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError, RateLimitedError } from "../errors.ts";

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
      if (error instanceof RateLimitedError) reply.header("retry-after", String(error.retryAfterSeconds));
      return reply
        .code(error.statusCode)
        .send({ statusCode: error.statusCode, error: error.code, message: error.message, ...error.details });
    }
    const statusCode = error.statusCode ?? 500;
    if (statusCode < 500) {
      return reply.code(statusCode).send({
        statusCode,
        error: (error.code ?? "bad_request").toLowerCase(),
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
