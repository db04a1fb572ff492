import type { Envelope } from '@shop/contracts/envelope';
import { english, type Message, msg } from './messages';

/** The message of every reply that has nothing else to say. */
export const SUCCESS = msg('Success');

/**
 * The messages of the envelopes `ok` made, so the reply hook (plugins/i18n.ts) writes exactly
 * those in the request's language, and nothing else that happens to have a `message`.
 */
const envelopeMessages = new WeakMap<object, Message>();

/** The `{ message, data }` envelope of every successful reply; `message` is English until sent. */
export function ok<T>(data: T, message: Message = SUCCESS): Envelope<T> {
  const envelope = { message: english(message), data };
  envelopeMessages.set(envelope, message);
  return envelope;
}

/** The message an `ok` envelope carries, or undefined for any other payload. */
export function envelopeMessage(payload: unknown): Message | undefined {
  return typeof payload === 'object' && payload !== null ? envelopeMessages.get(payload) : undefined;
}
