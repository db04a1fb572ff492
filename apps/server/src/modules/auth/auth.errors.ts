import { ErrorCode } from '@shop/contracts/errors';
import type { FastifyReply } from 'fastify';
import { AppError } from '../../lib/errors';

/** 429 with how long to wait; the route copies it into `Retry-After`. */
export class TooManyAttempts extends AppError {
  constructor(
    message: string,
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

/** "3 days", "23 hours", "15 minutes", "60 seconds" for limit messages. */
export function waitText(seconds: number): string {
  if (seconds >= 172_800) return `${Math.ceil(seconds / 86_400)} days`;
  if (seconds >= 7200) {
    const hours = Math.ceil(seconds / 3600);
    return `${hours} hours`;
  }
  if (seconds > 60) {
    const minutes = Math.ceil(seconds / 60);
    return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  }
  const s = Math.max(1, Math.ceil(seconds));
  return `${s} ${s === 1 ? 'second' : 'seconds'}`;
}
