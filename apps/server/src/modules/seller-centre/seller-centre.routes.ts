import fastifyMultipart from '@fastify/multipart';
import { authReplySchema } from '@shop/contracts/auth';
import { salesQuerySchema, salesReplySchema } from '@shop/contracts/earnings';
import { ErrorCode, errorReplySchema, validationErrorReplySchema } from '@shop/contracts/errors';
import {
  orderStatusRequestSchema,
  returnStatusRequestSchema,
  SHOP_LOGO_MAX_BYTES,
  SHOP_REGISTRATION_FIELDS,
  sellerDashboardReplySchema,
  sellerOrderDetailsReplySchema,
  sellerOrdersQuerySchema,
  sellerOrdersReplySchema,
  sellerReturnDetailsReplySchema,
  sellerReturnsQuerySchema,
  sellerReturnsReplySchema,
  sellerShopReplySchema,
  shopRegistrationRequestSchema,
} from '@shop/contracts/sellers';
import { SHOP_BANNER_MAX_BYTES, shopProfileReplySchema, shopProfileUpdateSchema } from '@shop/contracts/shop-profile';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ZodApp } from '../../deps';
import type { AuditSink } from '../../lib/audit';
import { AppError, forbidden } from '../../lib/errors';
import { parseForm } from '../../lib/forms';
import { type Message, msg } from '../../lib/messages';
import { readSingleFileForm } from '../../lib/multipart-form';
import { parsePathId, pathIdSchema } from '../../lib/path-id';
import { ok } from '../../lib/reply';
import { roleErrors } from '../../lib/route-errors';
import { sellerShopOf } from '../../plugins/access';
import { RATE_LIMITS } from '../../plugins/rate-limit';
import type { AuditService } from '../audit/audit.service';
import type { AuthService } from '../auth/auth.service';
import { loginRoute } from '../auth/login-route';
import type { SessionsService } from '../auth/sessions.service';
import type { TwoStepService } from '../auth/two-step.service';
import type { OrdersService } from '../orders/orders.service';
import type { ReturnsService } from '../returns/returns.service';
import type { SellerCentreService } from './seller-centre.service';

const REGISTRATION_FIELDS: ReadonlySet<string> = new Set(SHOP_REGISTRATION_FIELDS);
const NO_FIELDS: ReadonlySet<string> = new Set();

function signedInUser(request: FastifyRequest) {
  if (!request.user) throw forbidden();
  return request.user;
}

const ORDER_NOT_FOUND = msg('Order not found.');
const RETURN_NOT_FOUND = msg('Return not found.');

/**
 * GET <path>, GET <path>/:id and POST <path>/:id/status of one kind of the shop's records (orders,
 * returns): the `seller` policy, another shop's record is 404 with the kind's own message, and the
 * details and the status change answer `{ [key]: record }`. Only the schemas and calls differ.
 */
function shopRecordRoutes<Query extends object, Status extends string>(
  app: ZodApp,
  kind: {
    path: string;
    key: string;
    notFound: Message;
    updated: Message;
    summaries: { list: string; details: string; status: string };
    query: z.ZodType<Query>;
    listReply: z.ZodType;
    detailsReply: z.ZodType;
    statusBody: z.ZodType<{ status: Status }>;
    list: (shopId: number, query: Query, locale: string) => Promise<unknown>;
    /** `locale`: the reader's language, for the names the record shows (an order's taxes). */
    details: (shopId: number, id: number, locale: string) => Promise<unknown>;
    /** Records its audit entry through `audited`, in the change's transaction. */
    setStatus: (shopId: number, id: number, status: Status, locale: string, audited: AuditSink) => Promise<unknown>;
  },
  audit: AuditService,
) {
  const notFoundOr422 = {
    ...roleErrors,
    404: errorReplySchema,
    422: z.union([validationErrorReplySchema, errorReplySchema]),
  };

  app.get(
    kind.path,
    {
      config: { access: 'seller' },
      schema: {
        tags: ['seller'],
        summary: kind.summaries.list,
        querystring: kind.query,
        response: { 200: kind.listReply, ...roleErrors, 422: validationErrorReplySchema },
      },
    },
    // The provider's type of a generic query stays unresolved (UndefinedToUnknown<Query>); the
    // schema above parsed it into a Query.
    async (request) => ok(await kind.list(sellerShopOf(request), request.query as Query, request.locale)),
  );

  app.get(
    `${kind.path}/:id`,
    {
      config: { access: 'seller' },
      schema: {
        tags: ['seller'],
        summary: kind.summaries.details,
        params: pathIdSchema,
        response: { 200: kind.detailsReply, ...roleErrors, 404: errorReplySchema },
      },
    },
    async (request) =>
      ok({
        [kind.key]: await kind.details(
          sellerShopOf(request),
          parsePathId(request.params.id, kind.notFound),
          request.locale,
        ),
      }),
  );

  app.post(
    `${kind.path}/:id/status`,
    {
      config: { access: 'seller' },
      schema: {
        tags: ['seller'],
        summary: kind.summaries.status,
        params: pathIdSchema,
        body: kind.statusBody,
        response: { 200: kind.detailsReply, ...notFoundOr422 },
      },
    },
    async (request) => {
      const shopId = sellerShopOf(request);
      const id = parsePathId(request.params.id, kind.notFound);
      const record = await kind.setStatus(shopId, id, request.body.status, request.locale, audit.sink(request.audit));
      return ok({ [kind.key]: record }, kind.updated);
    },
  );
}

/**
 * The Seller Centre: registration and sign-in of sellers, and the shop's dashboard,
 * orders and returns. Data routes use the `seller` policy: a seller whose shop is approved and
 * active; another shop's order or return is 404.
 */
export async function sellerCentreRoutes(
  app: ZodApp,
  {
    sellerCentre: service,
    auth,
    sessions,
    orders,
    returns,
    twoStep,
    audit,
  }: {
    audit: AuditService;
    sellerCentre: SellerCentreService;
    auth: AuthService;
    sessions: SessionsService;
    orders: OrdersService;
    returns: ReturnsService;
    twoStep: TwoStepService;
  },
) {
  // Multipart only in this scope (the logo): the rest of the API keeps refusing bodies it does not expect.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      // An oversized logo is cut and flagged (truncated), so it becomes a field error, not a 413.
      throwFileSizeLimit: false,
      limits: { fileSize: SHOP_LOGO_MAX_BYTES, files: 2, fields: 20, fieldSize: 10_000, parts: 25 },
    });
    scope.post(
      '/api/shop/register',
      {
        // No session yet: the new seller is the actor, known inside the registration's transaction.
        config: { access: 'public', audit: 'required', rateLimit: RATE_LIMITS.registration },
        schema: {
          tags: ['seller'],
          summary:
            'Creates a seller account and its shop (pending until the operator approves it) and signs it in: JSON, ' +
            'or multipart/form-data with the same fields and an optional shop_logo (jpg, png or webp)',
          consumes: ['application/json', 'multipart/form-data'],
          body: shopRegistrationRequestSchema.nullish(),
          response: { 200: authReplySchema, 400: errorReplySchema, 422: validationErrorReplySchema },
        },
      },
      async (request, reply) => {
        const form = request.isMultipart()
          ? await readSingleFileForm(request, { fields: REGISTRATION_FIELDS, file: 'shop_logo' })
          : { fields: request.body ?? {}, file: null };
        // Multipart text went past Fastify's body checks: the same checks run here.
        const body = parseForm(shopRegistrationRequestSchema, form.fields);
        const userId = await service.register(body, form.file, async (tx, created) => {
          if (request.audit) request.audit.actor = { userId: created.userId, role: 'seller', shopId: created.shopId };
          await audit.sink(request.audit)(tx, {
            kind: 'shop',
            action: 'register',
            recordId: created.shopId,
            after: { ...body, slug: created.slug, shop_logo: form.file ? form.file.filename : null },
          });
        });
        return ok(
          await sessions.signIn(request, reply, userId),
          msg('Your shop is registered and waits for approval.'),
        );
      },
    );
  });

  // The profile's pictures: one file a request, sized to the larger (the banner); each route
  // checks its own limit from the bytes.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: SHOP_BANNER_MAX_BYTES, files: 1, fields: 5, fieldSize: 1000, parts: 6 },
    });
    for (const kind of ['logo', 'banner'] as const) {
      scope.post(
        `/api/seller/shop/${kind}`,
        {
          config: { access: 'seller' },
          schema: {
            tags: ['seller'],
            summary:
              kind === 'logo'
                ? 'Replaces the shop’s logo: multipart/form-data with `logo` (jpg, png or webp; stored as a square WebP)'
                : 'Replaces the shop’s banner: multipart/form-data with `banner` (jpg, png or webp; stored as a WebP)',
            consumes: ['multipart/form-data'],
            response: {
              200: shopProfileReplySchema,
              ...roleErrors,
              400: errorReplySchema,
              415: errorReplySchema,
              422: validationErrorReplySchema,
            },
          },
        },
        async (request) => {
          if (!request.isMultipart()) {
            throw new AppError(415, ErrorCode.UnsupportedMediaType, msg('Send the picture as multipart/form-data.'));
          }
          const { file } = await readSingleFileForm(request, { fields: NO_FIELDS, file: kind });
          const shopId = sellerShopOf(request);
          const audited = audit.sink(request.audit);
          const profile =
            kind === 'logo'
              ? await service.uploadLogo(shopId, file, audited)
              : await service.uploadBanner(shopId, file, audited);
          return ok({ profile }, msg('Shop profile updated.'));
        },
      );
    }
  });

  app.get(
    '/api/seller/shop/profile',
    {
      config: { access: 'seller' },
      schema: {
        tags: ['seller'],
        summary: 'The shop’s profile: logo, banner, description, address, phone and whether it is closed for now',
        response: { 200: shopProfileReplySchema, ...roleErrors },
      },
    },
    async (request) => ok({ profile: await service.profile(sellerShopOf(request)) }),
  );

  app.post(
    '/api/seller/shop/profile',
    {
      config: { access: 'seller' },
      schema: {
        tags: ['seller'],
        summary:
          'Changes the fields sent of the shop’s profile: description (rich text, sanitised), address, phone, and ' +
          'is_closed (while closed its products show as unavailable and cannot be bought)',
        body: shopProfileUpdateSchema,
        response: { 200: shopProfileReplySchema, ...roleErrors, 422: validationErrorReplySchema },
      },
    },
    async (request) => {
      const shopId = sellerShopOf(request);
      const profile = await service.updateProfile(shopId, request.body, audit.sink(request.audit));
      return ok({ profile }, msg('Shop profile updated.'));
    },
  );

  loginRoute(
    app,
    { auth, sessions, twoStep },
    {
      url: '/api/shop/login',
      tag: 'seller',
      summary: 'Signs a seller in (an e-mail address or phone and a password); other accounts get 422',
      role: 'seller',
    },
  );

  app.get(
    '/api/seller/shop',
    {
      // Any signed-in seller, approved or not: a pending shop shows that it waits for approval.
      config: { access: 'customer' },
      schema: {
        tags: ['seller'],
        summary: 'The signed-in seller’s shop with its approval status (403 for other accounts)',
        response: { 200: sellerShopReplySchema, ...roleErrors },
      },
    },
    async (request) => ok({ shop: await service.ownShop(signedInUser(request)) }),
  );

  app.get(
    '/api/seller/dashboard',
    {
      config: { access: 'seller' },
      schema: {
        tags: ['seller'],
        summary: 'The shop’s orders by status, takings and returns waiting',
        response: { 200: sellerDashboardReplySchema, ...roleErrors },
      },
    },
    async (request) => ok(await service.dashboard(signedInUser(request), sellerShopOf(request))),
  );

  app.get(
    '/api/seller/dashboard/sales',
    {
      config: { access: 'seller' },
      schema: {
        tags: ['seller'],
        summary:
          'The shop’s orders and takings per day over the last 7, 30 or 90 days (the marketplace’s calendar, ' +
          'days without orders as zeros), its best sellers, products low on stock, balance and pending withdrawals',
        querystring: salesQuerySchema,
        response: { 200: salesReplySchema, ...roleErrors, 422: validationErrorReplySchema },
      },
    },
    async (request) => ok(await service.sales(sellerShopOf(request), request.query.days)),
  );

  shopRecordRoutes(
    app,
    {
      path: '/api/seller/orders',
      key: 'order',
      notFound: ORDER_NOT_FOUND,
      updated: msg('Order status updated.'),
      summaries: {
        list: 'The shop’s orders, newest first, by status (order_status), with counts per tab',
        details: 'One order of the shop with its shopper and next statuses (404 for another shop’s)',
        status:
          'Moves the shop’s order along its lifecycle (stock back on Cancelled, cash paid on Delivered, ' +
          'the shopper told); 422 for a step the lifecycle does not allow now, 404 for another shop’s order',
      },
      query: sellerOrdersQuerySchema,
      listReply: sellerOrdersReplySchema,
      detailsReply: sellerOrderDetailsReplySchema,
      statusBody: orderStatusRequestSchema,
      list: (shopId, query, locale) => orders.shopList(shopId, query, locale),
      details: (shopId, id, locale) => orders.shopDetails(shopId, id, locale),
      setStatus: (shopId, id, status, locale, audited) => orders.shopSetStatus(shopId, id, status, locale, audited),
    },
    audit,
  );

  shopRecordRoutes(
    app,
    {
      path: '/api/seller/returns',
      key: 'return_order',
      notFound: RETURN_NOT_FOUND,
      updated: msg('Return status updated.'),
      summaries: {
        list: 'The shop’s returns, newest first, optionally of one status',
        details: 'One return of the shop with its shopper (404 for another shop’s)',
        status: 'Sets Approved, Damaged or Mismatch on the shop’s return (422 once refunded or rejected)',
      },
      query: sellerReturnsQuerySchema,
      listReply: sellerReturnsReplySchema,
      detailsReply: sellerReturnDetailsReplySchema,
      statusBody: returnStatusRequestSchema,
      list: (shopId, query) => returns.shopList(shopId, query),
      details: (shopId, id) => returns.shopDetails(shopId, id),
      setStatus: (shopId, id, status, _locale, audited) => returns.shopSetStatus(shopId, id, status, audited),
    },
    audit,
  );

  app.post(
    '/api/seller/returns/:id/refund',
    {
      config: { access: 'seller' },
      schema: {
        tags: ['seller'],
        summary: 'Marks the shop’s approved return refunded (paid); 422 for any other state',
        params: pathIdSchema,
        response: {
          200: sellerReturnDetailsReplySchema,
          ...roleErrors,
          404: errorReplySchema,
          422: z.union([validationErrorReplySchema, errorReplySchema]),
        },
      },
    },
    async (request) => {
      const shopId = sellerShopOf(request);
      const id = parsePathId(request.params.id, RETURN_NOT_FOUND);
      const returnOrder = await returns.shopRefund(shopId, id, audit.sink(request.audit));
      return ok({ return_order: returnOrder }, msg('Return refunded.'));
    },
  );
}
