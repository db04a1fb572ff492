import { STEP_UP_MAX_AGE_SECONDS } from '@shop/contracts/constants';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../lib/clock';
import { twoStepRequired, unauthorized } from '../lib/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A change of payment keys, security settings or a payout: when the account has two-step
     * sign-in, the session must have given a code in the last 10 minutes, else 403
     * TWO_STEP_REQUIRED (the web asks for the code, POST /api/two-step/verify, and sends the call
     * again). The operator's payout of a withdrawal carries it; a route that changes payment keys
     * must too.
     */
    stepUp?: true;
  }
}

export const STEP_UP_MAX_AGE_MS = STEP_UP_MAX_AGE_SECONDS * 1000;

/**
 * The step-up guard: a route opts in with `config: { stepUp: true }`. It runs after the access
 * check (registered after it), so the caller is known. An account without two-step sign-in has no
 * code to give and passes; the operator always has one (plugins/access.ts).
 */
export const stepUpPlugin = fp(async (app: FastifyInstance, { clock }: { clock: Clock }) => {
  app.addHook('onRoute', (route) => {
    if (route.config?.stepUp && (route.config.access ?? 'public') === 'public') {
      throw new Error(`Route ${String(route.method)} ${route.url} asks for a step-up but is public.`);
    }
  });

  app.addHook('preHandler', async (request) => {
    if (!request.routeOptions.config.stepUp) return;
    const session = request.session;
    if (!session) throw unauthorized();
    if (!session.twoStepOn) return;
    const at = session.twoStepAt;
    if (!at || clock.now().getTime() - at.getTime() > STEP_UP_MAX_AGE_MS) throw twoStepRequired();
  });
});
