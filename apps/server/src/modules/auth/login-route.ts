import { authReplySchema, loginRequestSchema } from '@shop/contracts/auth';
import { errorReplySchema, validationErrorReplySchema } from '@shop/contracts/errors';
import type { ZodApp } from '../../deps';
import { msg } from '../../lib/messages';
import { ok } from '../../lib/reply';
import { RATE_LIMITS } from '../../plugins/rate-limit';
import { withRetryAfter } from './auth.errors';
import type { AuthService } from './auth.service';
import type { SessionsService } from './sessions.service';

export interface LoginRoute {
  url: string;
  tag: string;
  summary: string;
  /** Who may sign in here; any other account gets the same 422 as a wrong password. */
  role: 'customer' | 'seller' | 'admin';
}

/**
 * A sign-in call (the shop's, the Seller Centre's, the operator's): one rate limit, one lockout,
 * one session, so the three doors cannot drift apart.
 */
export function loginRoute(app: ZodApp, deps: { auth: AuthService; sessions: SessionsService }, route: LoginRoute) {
  app.post(
    route.url,
    {
      config: { access: 'public', rateLimit: RATE_LIMITS.login },
      schema: {
        tags: [route.tag],
        summary: route.summary,
        body: loginRequestSchema,
        response: { 200: authReplySchema, 422: validationErrorReplySchema, 429: errorReplySchema },
      },
    },
    async (request, reply) =>
      withRetryAfter(reply, async () => {
        const userId = await deps.auth.login(request.body, request.clientIp, route.role);
        return ok(await deps.sessions.signIn(request, reply, userId), msg('Login successfully'));
      }),
  );
}
