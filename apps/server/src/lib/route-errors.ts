import { errorReplySchema, validationErrorReplySchema } from '@shop/contracts/errors';
import { z } from 'zod';

/**
 * The error replies routes name in their OpenAPI schemas, said once so that every route says
 * them alike (the fuzzer and the generated client read them).
 */

/** A route behind a role (seller, operator): 401 without a session, 403 for another role. */
export const roleErrors = { 401: errorReplySchema, 403: errorReplySchema } as const;

/** 404: the record in the path is not there (or not the caller's). */
export const missingError = { 404: errorReplySchema } as const;

/** 422 with field errors. */
export const invalidError = { 422: validationErrorReplySchema } as const;

/** 422 of a write: field errors, or a refusal of the whole request (a state that does not allow it). */
export const refusedError = { 422: z.union([validationErrorReplySchema, errorReplySchema]) } as const;
