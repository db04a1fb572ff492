import { Writable } from 'node:stream';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type NewCustomer, signIn, signInNewCustomer, testIp } from './auth';
import { signInSeller } from './chat';
import { seededShops } from './commerce';
import { type FuzzRequest, type FuzzRoute, type OpenApiDocument, requestsFor, routesOf } from './fuzz-requests';
import { createTestApp, databaseTargets, type TestApp } from './test-app';

/**
 * Reliability plan T7: every route of the OpenAPI document gets generated requests (wrong
 * types, huge and hostile strings, odd numbers, missing and extra fields, bad JSON, wrong
 * content types), as a visitor and signed in, against the real app on its test database. No
 * answer may be a 500 and nothing may be logged at error level; fast-check shrinks a failing
 * request and prints it. FUZZ_RUNS is the number of requests in all (15,000 by default, about
 * 300 per route), spread evenly over the routes; raise it locally for a longer soak.
 */
const TOTAL_RUNS = Number(process.env.FUZZ_RUNS ?? 15_000);

/**
 * Routes that end the test user's session when they succeed: each is fuzzed like the others, and
 * after a 200 the fuzzer signs in again (as a new customer: update-profile may have changed the
 * e-mail of the last one).
 */
const ENDS_SESSION = new Set([
  'POST /api/logout',
  'POST /api/change-password',
  'POST /api/reset-password',
  'POST /api/sessions/{id}/revoke',
]);

interface LogEntry {
  level: number;
  msg?: string;
  [key: string]: unknown;
}

const ERROR_LEVEL = 50;

/**
 * Routes fuzzed at the same time, each lane with its own app and database copy: with PostgreSQL
 * the database works while the apps validate, and every log line belongs to the one request its
 * lane has in flight.
 */
const LANES = 4;

/** One app, its log and its two test users; it sends one request at a time. */
class Lane {
  /**
   * The session-ending routes get their own user, so a logout never signs out the other
   * requests. It signs in again after each; should a fuzzed change-password ever succeed, a new
   * customer takes its place.
   */
  private readonly users: Record<'main' | 'ending', { token: string | null; login?: NewCustomer }> = {
    main: { token: null },
    ending: { token: null },
  };

  private constructor(
    readonly ctx: TestApp,
    readonly log: LogEntry[],
  ) {}

  static async open(): Promise<Lane> {
    const log: LogEntry[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n')) if (line.trim()) log.push(JSON.parse(line) as LogEntry);
        done();
      },
    });
    const ctx = await createTestApp({
      kind: databaseTargets().includes('postgres') ? 'postgres' : 'pglite',
      logger: { level: 'warn', stream },
      // Public replies are cached as in production, so the time goes to the many different requests.
      env: { PUBLIC_CACHE_SECONDS: '60' },
    });
    return new Lane(ctx, log);
  }

  private async bearer(name: 'main' | 'ending'): Promise<string> {
    const user = this.users[name];
    if (user.token) return user.token;
    const { app, db } = this.ctx;
    const again = user.login && (await signIn(app, user.login.email, user.login.password).catch(() => null));
    if (again) {
      user.token = again.token;
      return again.token;
    }
    const { customer, session } = await signInNewCustomer(app, db);
    user.login = customer;
    user.token = session.token;
    return session.token;
  }

  private seller: string | null = null;

  /** A session of the first demo shop's seller. */
  private async sellerToken(): Promise<string> {
    if (this.seller) return this.seller;
    const [shop] = await seededShops(this.ctx.db, 1);
    if (!shop) throw new Error('the seed has no shop');
    this.seller = (await signInSeller(this.ctx, shop.slug)).token;
    return this.seller;
  }

  async send(route: FuzzRoute, request: FuzzRequest) {
    const ends = ENDS_SESSION.has(`${route.method} ${route.path}`);
    const headers = { ...request.headers };
    if (request.signedIn) {
      // The Seller Centre's routes are fuzzed as a seller, past the access check.
      const token = route.path.startsWith('/api/seller/')
        ? await this.sellerToken()
        : await this.bearer(ends ? 'ending' : 'main');
      headers.authorization = `Bearer ${token}`;
    }
    const logged = this.log.length;
    const res = await this.ctx.app.inject({
      method: request.method,
      url: request.url,
      headers,
      payload: request.payload,
      // A new address per request: the per-address rate limits would otherwise answer 429 before
      // the handlers are reached. The per-account limits (in the database) still apply.
      remoteAddress: testIp(),
    });
    if (ends && request.signedIn && res.statusCode === 200) this.users.ending.token = null;
    const errors = this.log.slice(logged).filter((entry) => entry.level >= ERROR_LEVEL);
    return { status: res.statusCode, body: res.body.slice(0, 300), errors };
  }
}

describe('fuzzing every route of the OpenAPI document (T7)', () => {
  let lanes: Lane[] = [];
  let routes: FuzzRoute[] = [];

  beforeAll(async () => {
    lanes = await Promise.all(Array.from({ length: LANES }, () => Lane.open()));
    const document = (lanes[0] as Lane).ctx.app.swagger() as OpenApiDocument;
    // No route is left out: the ones that end the session get a fresh sign-in instead (ENDS_SESSION).
    routes = routesOf(document);
  });

  afterAll(async () => {
    await Promise.all(lanes.map((lane) => lane.ctx.close()));
  });

  it('finds the routes of the document', () => {
    expect(routes.length).toBeGreaterThan(40);
    const names = routes.map((r) => `${r.method} ${r.path}`);
    expect(names).toContain('POST /api/favorite-add-or-remove');
    expect(names).toContain('GET /api/products');
    expect(routes.some((r) => Object.keys(r.pathParams).length > 0)).toBe(true);
    expect(routes.some((r) => r.multipart)).toBe(true);
  });

  it(
    'answers every generated request with less than 500 and logs no error',
    async () => {
      const started = Date.now();
      const runsPerRoute = Math.ceil(TOTAL_RUNS / routes.length);
      let requests = 0;
      const timings: [string, number][] = [];
      const fuzz = async (lane: Lane, route: FuzzRoute) => {
        const routeStarted = Date.now();
        await fc.assert(
          fc.asyncProperty(requestsFor(route), async (request) => {
            const result = await lane.send(route, request);
            requests++;
            if (result.status >= 500 || result.errors.length > 0) {
              throw new Error(
                `${route.method} ${route.path} answered ${result.status} ${result.body}\n` +
                  `logged: ${JSON.stringify(result.errors).slice(0, 2000)}`,
              );
            }
          }),
          { numRuns: runsPerRoute },
        );
        timings.push([`${route.method} ${route.path}`, Date.now() - routeStarted]);
      };
      const queue = [...routes];
      await Promise.all(
        lanes.map(async (lane) => {
          for (let route = queue.shift(); route; route = queue.shift()) await fuzz(lane, route);
        }),
      );
      const seconds = (Date.now() - started) / 1000;
      const log = lanes.flatMap((lane) => lane.log);
      const untranslated = new Set(log.filter((e) => e.msg === 'a message has no translation').map((e) => e.key));
      console.info(
        `fuzz: ${requests} requests on ${routes.length} routes in ${seconds.toFixed(1)} s; ` +
          `untranslated: ${JSON.stringify([...untranslated])}; slowest: ` +
          JSON.stringify(timings.sort((a, b) => b[1] - a[1]).slice(0, 5)),
      );
      expect(requests).toBeGreaterThanOrEqual(TOTAL_RUNS);
      // Requests in Arabic and Indonesian met many error messages: each was written in them.
      expect([...untranslated]).toEqual([]);
      // Nothing went wrong outside the requests either (a background rebuild of a cached reply).
      expect(log.filter((entry) => entry.level >= ERROR_LEVEL)).toEqual([]);
    },
    // A couple of minutes on two busy cores; a larger FUZZ_RUNS gets more time.
    Math.max(300_000, TOTAL_RUNS * 20),
  );

  it('leaves no polluted prototype behind', () => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
