import {
  authReplySchema,
  demoLoginReplySchema,
  lastSeenReplySchema,
  messageReplySchema,
  registrationRequestSchema,
  resetPasswordRequestSchema,
  sendOtpReplySchema,
  sendOtpRequestSchema,
  verifyOtpReplySchema,
  verifyOtpRequestSchema,
} from '@shop/contracts/auth';
import { errorReplySchema, validationErrorReplySchema } from '@shop/contracts/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodApp } from '../../deps';
import { msg } from '../../lib/messages';
import { ok } from '../../lib/reply';
import { signedInUserId } from '../../plugins/access';
import { RATE_LIMITS } from '../../plugins/rate-limit';
import { withRetryAfter } from './auth.errors';
import type { AuthService } from './auth.service';
import { loginRoute } from './login-route';
import type { OtpService } from './otp.service';
import type { SessionsService } from './sessions.service';
import type { TwoStepService } from './two-step.service';

/**
 * Sign-in, registration, OTP, password reset, logout and the last-seen ping. Paths the spec gives
 * without /api answer too.
 */
export async function authRoutes(
  app: ZodApp,
  {
    auth: service,
    sessions,
    otp,
    twoStep,
  }: { auth: AuthService; sessions: SessionsService; otp: OtpService; twoStep: TwoStepService },
) {
  loginRoute(
    app,
    { auth: service, sessions, twoStep },
    {
      url: '/api/login',
      tag: 'auth',
      summary: 'Signs a customer in with an e-mail address or phone number and a password',
      role: 'customer',
    },
  );

  const demoLogin = service.demoLogin;
  if (demoLogin) {
    app.get(
      '/api/dev/demo-login',
      {
        config: { access: 'public', localOnly: true },
        schema: {
          tags: ['development'],
          summary: 'The demo customer the login form is filled with (APP_ENV=local, from this machine only)',
          response: { 200: demoLoginReplySchema },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return ok(demoLogin);
      },
    );
  }

  app.post(
    '/api/registration',
    {
      config: { access: 'public', rateLimit: RATE_LIMITS.registration },
      schema: {
        tags: ['auth'],
        summary: 'Creates a customer account and signs it in',
        body: registrationRequestSchema,
        response: { 200: authReplySchema, 422: validationErrorReplySchema },
      },
    },
    async (request, reply) => {
      const userId = await service.register(request.body);
      return ok(await sessions.signIn(request, reply, userId), msg('Registration successful'));
    },
  );

  app.post(
    '/api/send-otp',
    {
      config: { access: 'public', rateLimit: RATE_LIMITS.sendOtp },
      schema: {
        tags: ['auth'],
        summary: 'Sends a verification (or, with forgot_password=1, a password-reset) code',
        body: sendOtpRequestSchema,
        response: { 200: sendOtpReplySchema, 422: validationErrorReplySchema, 429: errorReplySchema },
      },
    },
    async (request, reply) =>
      withRetryAfter(reply, async () =>
        ok(await otp.send(request.body), msg('If the account exists, a code has been sent to it.')),
      ),
  );

  app.post(
    '/api/verify-otp',
    {
      config: { access: 'public', rateLimit: RATE_LIMITS.verifyOtp },
      schema: {
        tags: ['auth'],
        summary: 'Checks a code: verifies the account, or returns a password-reset token',
        body: verifyOtpRequestSchema,
        response: {
          200: verifyOtpReplySchema,
          400: errorReplySchema,
          422: validationErrorReplySchema,
          429: errorReplySchema,
        },
      },
    },
    async (request, reply) =>
      withRetryAfter(reply, async () => ok(await otp.verify(request.body), msg('OTP verified successfully'))),
  );

  app.post(
    '/api/reset-password',
    {
      config: { access: 'public', rateLimit: RATE_LIMITS.resetPassword },
      schema: {
        tags: ['auth'],
        summary: 'Sets a new password with a reset token and ends every session of the account',
        body: resetPasswordRequestSchema,
        response: { 200: messageReplySchema, 400: errorReplySchema, 422: validationErrorReplySchema },
      },
    },
    async (request) => {
      await otp.resetPassword(request.body);
      return ok(null, msg('Password reset successfully'));
    },
  );

  const logout = async (request: FastifyRequest, reply: FastifyReply) => {
    // Logging out twice, or with a dead session, still clears the cookie and succeeds.
    if (request.session) await sessions.revokeSession(request.session.tokenHash);
    sessions.clearCookie(reply);
    return ok(null, msg('Logout successfully'));
  };
  for (const method of ['GET', 'POST'] as const) {
    app.route({
      method,
      url: '/api/logout',
      // GET stays for the spec's clients, which send their bearer token.
      config: { access: 'public', ...(method === 'GET' ? { changesState: true as const } : {}) },
      schema: {
        tags: ['auth'],
        summary:
          method === 'GET'
            ? 'Ends the current session (the spec’s GET, for bearer clients; by cookie only with X-Requested-With). Prefer POST'
            : 'Ends the current session and clears the session cookie',
        response: { 200: messageReplySchema },
      },
      handler: logout,
    });
  }

  for (const method of ['GET', 'POST'] as const) {
    app.route({
      method,
      url: '/api/update-last-seen',
      // Presence only: a visit from another site may count as being online.
      config: { access: 'customer' },
      schema: {
        tags: ['auth'],
        summary:
          "The presence heartbeat (every 10 minutes): the caller, and a seller's shop, count as online for 10 minutes after it",
        response: { 200: lastSeenReplySchema, 401: errorReplySchema },
      },
      handler: async (request) => {
        const until = await service.updateLastSeen(signedInUserId(request));
        return ok({ last_online_at: until.toISOString() });
      },
    });
  }
}
