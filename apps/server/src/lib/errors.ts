import { ErrorCode } from '@shop/contracts/errors';
import { english, type Message, msg } from './messages';

/**
 * An error with the HTTP status and code the client should see. `text` is what the shopper
 * reads, written in the request's language when the reply is sent; `message` is its English
 * text, for logs.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    readonly text: Message,
  ) {
    super(english(text));
    this.name = 'AppError';
  }
}

export const notFound = (message = msg('Not found.')) => new AppError(404, ErrorCode.NotFound, message);
export const badRequest = (message: Message) => new AppError(400, ErrorCode.BadRequest, message);
export const unauthorized = (message = msg('Unauthenticated.')) => new AppError(401, ErrorCode.Unauthorized, message);
export const forbidden = (message = msg('Forbidden.')) => new AppError(403, ErrorCode.Forbidden, message);
export const conflict = (message: Message) => new AppError(409, ErrorCode.Conflict, message);

/** The messages of each invalid field, keyed by the field's name in the request. */
export type FieldMessages = Record<string, Message[]>;

/** `The {{field}} field is required.` with the field's label translated too. */
export const requiredMessage = (label: string) => msg('The {{field}} field is required.', { field: msg(label) });

/** `The {{field}} may not be greater than {{max}} characters.` */
export const tooLongMessage = (label: string, max: number) =>
  msg('The {{field}} may not be greater than {{max}} characters.', { field: msg(label), max });

/** 422 with field errors, the same shape as request validation failures. */
export class FieldErrors extends Error {
  readonly text: Message;

  constructor(
    readonly errors: FieldMessages,
    text?: Message,
  ) {
    const shown = text ?? Object.values(errors)[0]?.[0] ?? msg('The given data was invalid.');
    super(english(shown));
    this.name = 'FieldErrors';
    this.text = shown;
  }
}

/** 403: the call needs a fresh two-step code (the web asks for it and sends the call again). */
export const twoStepRequired = () =>
  new AppError(403, ErrorCode.TwoStepRequired, msg('Enter a code from your authenticator app to continue.'));

/** 403: the operator's screen opens once two-step sign-in is set up. */
export const twoStepSetupRequired = () =>
  new AppError(403, ErrorCode.TwoStepSetupRequired, msg('Set up two-step sign-in before using the operator screen.'));
