import { ErrorCode } from '@shop/contracts/errors';

/** An error with the HTTP status and code the client should see; its message is shown to users. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (message = 'Not found.') => new AppError(404, ErrorCode.NotFound, message);
export const badRequest = (message: string) => new AppError(400, ErrorCode.BadRequest, message);
export const unauthorized = (message = 'Unauthenticated.') => new AppError(401, ErrorCode.Unauthorized, message);
export const forbidden = (message = 'Forbidden.') => new AppError(403, ErrorCode.Forbidden, message);
export const conflict = (message: string) => new AppError(409, ErrorCode.Conflict, message);

/** 422 with field errors, the same shape as request validation failures. */
export class FieldErrors extends Error {
  constructor(
    readonly errors: Record<string, string[]>,
    message?: string,
  ) {
    super(message ?? Object.values(errors)[0]?.[0] ?? 'The given data was invalid.');
    this.name = 'FieldErrors';
  }
}
