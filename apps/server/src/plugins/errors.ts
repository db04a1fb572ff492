import { ErrorCode } from '@shop/contracts/errors';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, FieldErrors } from '../lib/errors';
import { type Message, msg, type Translator } from '../lib/messages';
import { type ZodIssueEntry, zodIssueMessage } from '../lib/zod-messages';

/** Fastify's own 4xx, in words a shopper can read; their English text is written for developers. */
const FASTIFY_MESSAGES: Readonly<Record<string, Message>> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: msg('The request body is empty.'),
  FST_ERR_CTP_INVALID_JSON_BODY: msg('The request body is not valid JSON.'),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: msg('This content type is not supported.'),
  FST_ERR_CTP_BODY_TOO_LARGE: msg('The request body is too large.'),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: msg('The request body does not match its length.'),
};

const STATUS_MESSAGES: Readonly<Record<number, Message>> = {
  404: msg('Not found.'),
  413: msg('The request body is too large.'),
  415: msg('This content type is not supported.'),
  429: msg('Too many requests. Please try again later.'),
};

const statusCodes: Readonly<Record<number, ErrorCode>> = {
  404: ErrorCode.NotFound,
  413: ErrorCode.PayloadTooLarge,
  415: ErrorCode.UnsupportedMediaType,
  429: ErrorCode.RateLimited,
};

/**
 * One error shape for the whole API: 422 `{message, errors}` for bad input,
 * `{message, code}` for everything else, and never a 500 for anything the client sent. Every
 * message is written here in the request's language: the one place errors are translated.
 */
export const errorsPlugin = fp(async (app: FastifyInstance, opts: { translator: Translator }) => {
  const { translator } = opts;

  /**
   * The contracts write their zod messages out in English (the web shows them as they are), so
   * they are translated as sentences. Where a contract names no message, zod's default reads like
   * code ("Invalid input: expected string, received number"): the shopper gets one of ours instead.
   */
  const validationMessage = (request: FastifyRequest, field: string, keyword: string, v: ZodIssueEntry) =>
    translator.text(request.locale, zodIssueMessage(field, keyword, v));

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const t = (message: Message) => translator.text(request.locale, message);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const v of error.validation) {
        const field = v.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
        const list = errors[field] ?? [];
        list.push(validationMessage(request, field, v.keyword, v));
        errors[field] = list;
      }
      const first = Object.values(errors)[0]?.[0] ?? t(msg('The given data was invalid.'));
      return reply.status(422).send({ message: first, errors });
    }
    if (error instanceof FieldErrors) {
      const errors = Object.fromEntries(Object.entries(error.errors).map(([field, list]) => [field, list.map(t)]));
      return reply.status(422).send({ message: t(error.text), errors });
    }
    if (error instanceof AppError) {
      // An outage (storage, a provider): the client reads why in its words, the log gets the cause.
      if (error.statusCode >= 500) request.log.warn({ err: error.cause ?? error }, error.message);
      return reply.status(error.statusCode).send({ message: t(error.text), code: error.code });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, cause: error.cause }, 'reply does not match its contract');
      return reply.status(500).send({ message: t(msg('Server Error')), code: ErrorCode.Internal });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = FASTIFY_MESSAGES[error.code] ?? STATUS_MESSAGES[status] ?? msg('The request could not be read.');
      return reply.status(status).send({ message: t(message), code: statusCodes[status] ?? ErrorCode.BadRequest });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: t(msg('Server Error')), code: ErrorCode.Internal });
  });
});
