import { authReplySchema, loginRequestSchema } from '@shop/contracts/auth';
import { errorReplySchema, validationErrorReplySchema } from '@shop/contracts/errors';
import { loginReplySchema } from '@shop/contracts/two-step';
import type { ZodApp } from '../../deps';
import { msg } from '../../lib/messages';
import { ok } from '../../lib/reply';
import { RATE_LIMITS } from '../../plugins/rate-limit';
import { withRetryAfter } from './auth.errors';
import type { AuthService } from './auth.service';
import type { SessionsService } from './sessions.service';
import type { TwoStepService } from './two-step.service';

export interface LoginRoute {
  url: string;
  tag: string;
  summary: string;
  /** Who may sign in here; any other account gets the same 422 as a wrong password. */
  role: 'customer' | 'seller' | 'admin';
}

/**
 * A sign-in call (the shop's, the Seller Centre's, the operator's): one rate limit, one lockout,
 * one session, so the three doors cannot drift apart. An account with two-step sign-in gets no
 * session for its password: the reply carries a short-lived token, and POST /api/login/two-step
 * with a code completes the sign-in.
 */
export function loginRoute(
  app: ZodApp,
  deps: { auth: AuthService; sessions: SessionsService; twoStep: TwoStepService },
  route: LoginRoute,
) {
  app.post(
    route.url,
    {
      config: { access: 'public', rateLimit: RATE_LIMITS.login },
      schema: {
        tags: [route.tag],
        summary: route.summary,
        body: loginRequestSchema,
        response: {
          // Shoppers have no two-step sign-in: their reply keeps the spec's shape.
          200: route.role === 'customer' ? authReplySchema : loginReplySchema,
          422: validationErrorReplySchema,
          429: errorReplySchema,
        },
      },
    },
    async (request, reply) =>
      withRetryAfter(reply, async () => {
        const userId = await deps.auth.login(request.body, request.clientIp, route.role);
        if (route.role !== 'customer' && (await deps.twoStep.isOn(userId))) {
          return ok(await deps.twoStep.challenge(userId), msg('Enter the code from your authenticator app.'));
        }
        return ok(await deps.sessions.signIn(request, reply, userId), msg('Login successfully'));
      }),
  );
}
