import { authReplySchema, messageReplySchema } from '@shop/contracts/auth';
import { errorReplySchema, validationErrorReplySchema } from '@shop/contracts/errors';
import {
  recoveryCodesReplySchema,
  sessionsReplySchema,
  stepUpReplySchema,
  twoStepCodeRequestSchema,
  twoStepLoginRequestSchema,
  twoStepSetupReplySchema,
  twoStepStatusReplySchema,
} from '@shop/contracts/two-step';
import type { FastifyRequest } from 'fastify';
import type { ZodApp } from '../../deps';
import { unauthorized } from '../../lib/errors';
import { msg } from '../../lib/messages';
import { pathIdOrNull, pathIdSchema } from '../../lib/path-id';
import { ok } from '../../lib/reply';
import { roleErrors } from '../../lib/route-errors';
import { RATE_LIMITS } from '../../plugins/rate-limit';
import type { AuditService } from '../audit/audit.service';
import { withRetryAfter } from './auth.errors';
import type { SessionsService } from './sessions.service';
import type { TwoStepService } from './two-step.service';

const codeErrors = {
  ...roleErrors,
  400: errorReplySchema,
  422: validationErrorReplySchema,
  429: errorReplySchema,
};

/** The session of a signed-in call (the access plugin already refused visitors). */
function sessionOf(request: FastifyRequest) {
  if (!request.session) throw unauthorized();
  return request.session;
}

/**
 * Two-step sign-in (set-up, the code step of a sign-in, recovery codes, the step-up, turning it
 * off) and the caller's own sessions, for every signed-in account: the service keeps two-step
 * sign-in to sellers and the operator.
 */
export async function twoStepRoutes(
  app: ZodApp,
  { twoStep, sessions, audit }: { twoStep: TwoStepService; sessions: SessionsService; audit: AuditService },
) {
  app.post(
    '/api/login/two-step',
    {
      config: { access: 'public', rateLimit: RATE_LIMITS.twoStep },
      schema: {
        tags: ['auth'],
        summary:
          'Completes a sign-in whose password was right: the token of the password step and a code of the authenticator app (or a recovery code)',
        body: twoStepLoginRequestSchema,
        response: {
          200: authReplySchema,
          400: errorReplySchema,
          422: validationErrorReplySchema,
          429: errorReplySchema,
        },
      },
    },
    async (request, reply) =>
      withRetryAfter(reply, async () => {
        const { userId, at } = await twoStep.completeSignIn(request.body.token, request.body.code);
        return ok(await sessions.signIn(request, reply, userId, { twoStepAt: at }), msg('Login successfully'));
      }),
  );

  app.get(
    '/api/two-step',
    {
      config: { access: 'customer' },
      schema: {
        tags: ['two-step'],
        summary:
          'Whether two-step sign-in is on, how many recovery codes are left, and when this session last gave a code',
        response: { 200: twoStepStatusReplySchema, ...roleErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await twoStep.status(sessionOf(request)));
    },
  );

  app.post(
    '/api/two-step/setup',
    {
      config: { access: 'customer' },
      schema: {
        tags: ['two-step'],
        summary:
          'Starts the set-up: a new secret for the authenticator app, as text and as a QR code (shown this once), waiting for its first code',
        response: { 200: twoStepSetupReplySchema, ...roleErrors, 409: errorReplySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await twoStep.setup(sessionOf(request)));
    },
  );

  app.post(
    '/api/two-step/enable',
    {
      // A seller's or the operator's security settings: audited although any account may call it.
      config: { access: 'customer', rateLimit: RATE_LIMITS.twoStep, audit: 'required' },
      schema: {
        tags: ['two-step'],
        summary:
          'Turns two-step sign-in on with the first code of the app; replies with ten recovery codes (shown this once) and ends the other sessions',
        body: twoStepCodeRequestSchema,
        response: { 200: recoveryCodesReplySchema, ...codeErrors, 409: errorReplySchema },
      },
    },
    async (request, reply) =>
      withRetryAfter(reply, async () => {
        reply.header('cache-control', 'no-store');
        const session = sessionOf(request);
        const codes = await twoStep.enable(session, request.body.code, audit.sink(request.audit));
        return ok({ recovery_codes: codes }, msg('Two-step sign-in is on.'));
      }),
  );

  app.post(
    '/api/two-step/verify',
    {
      config: { access: 'customer', rateLimit: RATE_LIMITS.twoStep },
      schema: {
        tags: ['two-step'],
        summary:
          'The step-up: a code of the app (or a recovery code) given again, so changes of keys, security settings and payouts pass for 10 minutes',
        body: twoStepCodeRequestSchema,
        response: { 200: stepUpReplySchema, ...codeErrors },
      },
    },
    async (request, reply) =>
      withRetryAfter(reply, async () => {
        const at = await twoStep.verify(sessionOf(request), request.body.code);
        return ok({ verified_at: at.toISOString() }, msg('Code accepted.'));
      }),
  );

  app.post(
    '/api/two-step/recovery-codes',
    {
      config: { access: 'customer', stepUp: true, audit: 'required' },
      schema: {
        tags: ['two-step'],
        summary: 'Makes ten new recovery codes (shown this once); the old ones stop working. Needs a fresh code',
        response: { 200: recoveryCodesReplySchema, ...roleErrors, 400: errorReplySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const session = sessionOf(request);
      const codes = await twoStep.regenerateRecoveryCodes(session, audit.sink(request.audit));
      return ok({ recovery_codes: codes }, msg('New recovery codes made. The old ones no longer work.'));
    },
  );

  app.post(
    '/api/two-step/disable',
    {
      config: { access: 'customer', stepUp: true, audit: 'required' },
      schema: {
        tags: ['two-step'],
        summary: 'Turns two-step sign-in off (not for the operator). Needs a fresh code',
        response: { 200: messageReplySchema, ...roleErrors, 400: errorReplySchema },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      await twoStep.disable(session, audit.sink(request.audit));
      return ok(null, msg('Two-step sign-in is off.'));
    },
  );

  app.get(
    '/api/sessions',
    {
      config: { access: 'customer' },
      schema: {
        tags: ['auth'],
        summary: "The caller's sessions that still work (device, address, last use), the current one marked",
        response: { 200: sessionsReplySchema, ...roleErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const session = sessionOf(request);
      return ok({ sessions: await sessions.list(session.userId, session.tokenHash) });
    },
  );

  app.post(
    '/api/sessions/:id/revoke',
    {
      config: { access: 'owner', resource: 'session' },
      schema: {
        tags: ['auth'],
        summary: "Ends one of the caller's sessions (the current one too: that signs out)",
        params: pathIdSchema,
        response: { 200: messageReplySchema, ...roleErrors, 404: errorReplySchema },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const id = pathIdOrNull(request.params.id);
      if (id !== null) await sessions.revokeOwn(session.userId, id);
      if (id === session.id) sessions.clearCookie(reply);
      return ok(null, msg('Session ended.'));
    },
  );

  app.post(
    '/api/sessions/revoke-others',
    {
      config: { access: 'customer' },
      schema: {
        tags: ['auth'],
        summary: 'Ends every session of the caller but the current one',
        response: { 200: messageReplySchema, ...roleErrors },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      await sessions.revokeUserSessions(session.userId, session.tokenHash);
      return ok(null, msg('Every other session has ended.'));
    },
  );
}
