import { ErrorCode } from '@shop/contracts/errors';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, FieldErrors } from '../lib/errors';

const fieldLabel = (field: string) => field.replace(/_/g, ' ');

/** Zod's default message for a missing value reads like code; give shoppers a sentence instead. */
function messageFor(field: string, keyword: string, message: string | undefined): string {
  if (keyword === 'invalid_type' && /received (undefined|null)$/.test(message ?? '')) {
    return `The ${fieldLabel(field)} field is required.`;
  }
  return message ?? 'The value is invalid.';
}

/**
 * One error shape for the whole API (DESIGN section 4): 422 `{message, errors}` for bad input,
 * `{message, code}` for everything else, and never a 500 for anything the client sent.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const v of error.validation) {
        const field = v.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
        const list = errors[field] ?? [];
        list.push(messageFor(field, v.keyword, v.message));
        errors[field] = list;
      }
      const first = Object.values(errors)[0]?.[0] ?? 'The given data was invalid.';
      return reply.status(422).send({ message: first, errors });
    }
    if (error instanceof FieldErrors) {
      return reply.status(422).send({ message: error.message, errors: error.errors });
    }
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ message: error.message, code: error.code });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, cause: error.cause }, 'reply does not match its contract');
      return reply.status(500).send({ message: 'Server Error', code: ErrorCode.Internal });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code =
        status === 413
          ? ErrorCode.PayloadTooLarge
          : status === 415
            ? ErrorCode.UnsupportedMediaType
            : status === 429
              ? ErrorCode.RateLimited
              : status === 404
                ? ErrorCode.NotFound
                : ErrorCode.BadRequest;
      // Fastify's own 4xx (bad JSON, empty body, wrong content type, size) carry safe messages.
      return reply.status(status).send({ message: error.message, code });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Server Error', code: ErrorCode.Internal });
  });
});
