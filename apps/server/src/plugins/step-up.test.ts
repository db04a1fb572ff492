import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../lib/clock';
import { stepUpPlugin } from './step-up';

describe('the step-up guard', () => {
  it('refuses to start with a public route that asks for a step-up', async () => {
    const app = Fastify({ logger: false });
    await app.register(stepUpPlugin, { clock: systemClock });
    expect(() => app.post('/open', { config: { access: 'public', stepUp: true } }, async () => ({ ok: true }))).toThrow(
      /asks for a step-up but is public/,
    );
    app.post('/guarded', { config: { access: 'customer', stepUp: true } }, async () => ({ ok: true }));
    await app.ready();
    // Without a session the guard refuses on its own (in the app the access check answers first).
    expect((await app.inject({ method: 'POST', url: '/guarded' })).statusCode).toBe(401);
  });
});
