import { socialProviderParamsSchema, socialTokenSchema } from '@shop/contracts/account';
import { authReplySchema } from '@shop/contracts/auth';
import { errorReplySchema, validationErrorReplySchema } from '@shop/contracts/errors';
import type { ZodApp } from '../../deps';
import { msg } from '../../lib/messages';
import { ok } from '../../lib/reply';
import type { SessionsService } from '../auth/sessions.service';
import type { SocialAuthService } from './social-auth.service';

/** Each attempt makes calls to the provider; a shopper needs a handful at most. */
const SOCIAL_SIGN_IN_LIMIT = { max: 40, timeWindow: 15 * 60_000, groupId: 'social-auth' };

/** POST /auth/{google|facebook|apple}/token and its /api twin. */
export async function socialAuthRoutes(
  app: ZodApp,
  { socialAuth: service, sessions }: { socialAuth: SocialAuthService; sessions: SessionsService },
) {
  app.post(
    '/api/auth/:provider/token',
    {
      config: { access: 'public', rateLimit: SOCIAL_SIGN_IN_LIMIT },
      schema: {
        tags: ['auth'],
        summary:
          'Social sign-in: Google `code` (authorization code), Facebook `code` (access token), Apple ' +
          '`data.id_token`; replies like login and sets the session cookie',
        params: socialProviderParamsSchema,
        body: socialTokenSchema,
        response: {
          200: authReplySchema,
          400: errorReplySchema,
          403: errorReplySchema,
          404: errorReplySchema,
          422: validationErrorReplySchema,
          503: errorReplySchema,
        },
      },
    },
    async (request, reply) => {
      const userId = await service.authenticate(request.params.provider, request.body);
      return ok(await sessions.signIn(request, reply, userId), msg('Login Successful'));
    },
  );
}
