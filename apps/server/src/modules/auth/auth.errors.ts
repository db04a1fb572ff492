import { ErrorCode } from '@shop/contracts/errors';
import type { FastifyReply } from 'fastify';
import { AppError } from '../../lib/errors';
import type { Message } from '../../lib/messages';

/** 429 with how long to wait; the route copies it into `Retry-After`. */
export class TooManyAttempts extends AppError {
  constructor(
    message: Message,
    readonly retryAfterSeconds: number,
  ) {
    super(429, ErrorCode.RateLimited, message);
    this.name = 'TooManyAttempts';
  }
}

/** Runs a handler body and puts `Retry-After` on the reply when it hits a limit. */
export async function withRetryAfter<T>(reply: FastifyReply, body: () => Promise<T>): Promise<T> {
  try {
    return await body();
  } catch (error) {
    if (error instanceof TooManyAttempts) reply.header('retry-after', String(Math.max(1, error.retryAfterSeconds)));
    throw error;
  }
}
