import fastifyMultipart from '@fastify/multipart';
import { PROFILE_PHOTO_MAX_BYTES, profileReplySchema } from '@shop/contracts/account';
import { messageReplySchema } from '@shop/contracts/auth';
import { errorReplySchema, validationErrorReplySchema } from '@shop/contracts/errors';
import { z } from 'zod';
import type { ZodApp } from '../../deps';
import { msg } from '../../lib/messages';
import { readSingleFileForm } from '../../lib/multipart-form';
import { ok } from '../../lib/reply';
import { signedInUserId } from '../../plugins/access';
import type { ProfileService } from './profile.service';

/** Text fields a profile form may carry; anything else in the multipart body is ignored. */
const PROFILE_FIELDS = new Set(['name', 'phone', 'email', 'gender', 'date_of_birth', 'country', 'phone_code']);
const looseBody = z.record(z.string(), z.unknown()).nullish();

/** Someone holding a stolen session must not be able to guess the current password at speed. */
const CHANGE_PASSWORD_LIMIT = { max: 10, timeWindow: 15 * 60_000, groupId: 'change-password' };

/** The shopper's own profile: read, update (with a photo), change password. */
export async function profileRoutes(app: ZodApp, { profile: service }: { profile: ProfileService }) {
  app.get(
    '/api/profile',
    {
      config: { access: 'customer' },
      schema: {
        tags: ['account'],
        summary: 'The signed-in shopper (401 for visitors: the web uses it to know who is logged in)',
        response: { 200: profileReplySchema, 401: errorReplySchema, 404: errorReplySchema },
      },
    },
    async (request) => ok({ user: await service.get(signedInUserId(request)) }),
  );

  // Multipart only in this scope: the rest of the API keeps refusing bodies it does not expect.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      // An oversized photo is cut and flagged (truncated), so it becomes a field error, not a 413.
      throwFileSizeLimit: false,
      limits: {
        fileSize: PROFILE_PHOTO_MAX_BYTES,
        files: 2,
        fields: 20,
        fieldSize: 10_000,
        parts: 25,
      },
    });
    scope.post(
      '/api/update-profile',
      {
        config: { access: 'customer' },
        schema: {
          tags: ['account'],
          summary:
            'Update the profile: multipart/form-data (name, phone, email, gender, date_of_birth, country, ' +
            'phone_code, profile_photo as jpg/png/webp) or JSON without the photo',
          consumes: ['multipart/form-data', 'application/json'],
          body: looseBody,
          response: { 200: profileReplySchema, 401: errorReplySchema, 422: validationErrorReplySchema },
        },
      },
      async (request) => {
        const userId = signedInUserId(request);
        const form = request.isMultipart()
          ? await readSingleFileForm(request, { fields: PROFILE_FIELDS, file: 'profile_photo' })
          : { fields: request.body, file: null };
        const user = await service.update(userId, form.fields, form.file);
        return ok({ user }, msg('Profile updated successfully'));
      },
    );
  });

  app.post(
    '/api/change-password',
    {
      config: { access: 'customer', rateLimit: CHANGE_PASSWORD_LIMIT },
      schema: {
        tags: ['account'],
        summary: "Change the password (current one required); the user's other sessions are signed out",
        body: looseBody,
        response: { 200: messageReplySchema, 401: errorReplySchema, 422: validationErrorReplySchema },
      },
    },
    async (request) => {
      const userId = signedInUserId(request);
      await service.changePassword(userId, request.body, request.session?.tokenHash);
      return ok(null, msg('Password changed successfully'));
    },
  );
}
