import fastifyMultipart from '@fastify/multipart';
import { ErrorCode, errorReplySchema, validationErrorReplySchema } from '@shop/contracts/errors';
import {
  type OperatorCurrenciesInput,
  type OperatorFootersOutput,
  type OperatorLanguagesInput,
  type OperatorMenusInput,
  type OperatorSettingsSection,
  type OperatorSocialLinksInput,
  operatorCommerceSettingsSchema,
  operatorCurrenciesInputSchema,
  operatorCurrenciesReplySchema,
  operatorFootersInputSchema,
  operatorFootersReplySchema,
  operatorGeneralSettingsSchema,
  operatorLanguagesInputSchema,
  operatorLanguagesReplySchema,
  operatorMenusInputSchema,
  operatorMenusReplySchema,
  operatorPaymentGatewayInputSchema,
  operatorPaymentGatewayNameParamsSchema,
  operatorPaymentGatewaysReplySchema,
  operatorSettingsImageParamsSchema,
  operatorSettingsReplySchema,
  operatorSocialAuthSettingsSchema,
  operatorSocialLinksInputSchema,
  operatorSocialLinksReplySchema,
  operatorThemeColorsSchema,
  operatorVerifySettingsSchema,
  SETTINGS_IMAGE_MAX_BYTES,
} from '@shop/contracts/operator-settings';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { ZodApp } from '../../deps';
import type { AuditSink } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { msg } from '../../lib/messages';
import { readSingleFileForm } from '../../lib/multipart-form';
import { ok } from '../../lib/reply';
import { roleErrors } from '../../lib/route-errors';
import type { AuditService } from '../audit/audit.service';
import type { SettingsService } from './settings.service';

/** Each form of /operator/settings, what it saves, and whether it asks for a fresh two-step code. */
const SECTIONS: {
  section: OperatorSettingsSection;
  body: z.ZodType;
  summary: string;
  stepUp: boolean;
}[] = [
  {
    section: 'general',
    body: operatorGeneralSettingsSchema,
    summary: 'App name, hotline, address, store links, footer texts, multi-vendor mode and the time zone',
    stepUp: false,
  },
  {
    section: 'theme',
    body: operatorThemeColorsSchema,
    summary: 'The 12 theme colours (the primary colour and its shades 50..950, hex)',
    stepUp: false,
  },
  {
    section: 'verify',
    // Who may register and order, and how codes are sent: a security setting.
    body: operatorVerifySettingsSchema,
    summary: 'Codes at registration and password reset, phone number rules, verifying the account before ordering',
    stepUp: true,
  },
  {
    section: 'commerce',
    body: operatorCommerceSettingsSchema,
    summary: 'Cash on delivery and online payment, the return period, the default commission, product approval',
    stepUp: false,
  },
  {
    section: 'social',
    // Sign-in keys: a fresh two-step code, as for payment keys.
    body: operatorSocialAuthSettingsSchema,
    summary: 'Social sign-in: each provider on or off, its client id and redirect URL; the secret is write-only',
    stepUp: true,
  },
];

/**
 * The operator's settings: GET reads every form's section (secrets only as whether one is set),
 * PUT /api/operator/settings/{section} saves one section whole. Every route is `admin`.
 */
export async function settingsOperatorRoutes(
  app: ZodApp,
  { settings, audit }: { settings: SettingsService; audit: AuditService },
) {
  app.get(
    '/api/operator/settings',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['operator'],
        summary: 'Every section of the settings forms; secrets only as client_secret_set',
        response: { 200: operatorSettingsReplySchema, ...roleErrors },
      },
    },
    async () => ok({ settings: await settings.operatorSettings() }),
  );

  for (const { section, body, summary, stepUp } of SECTIONS) {
    app.put(
      `/api/operator/settings/${section}`,
      {
        config: { access: 'admin', ...(stepUp ? { stepUp: true } : {}) },
        schema: {
          tags: ['operator'],
          summary,
          body,
          response: { 200: operatorSettingsReplySchema, ...roleErrors, 422: validationErrorReplySchema },
        },
      },
      async (request) => {
        const saved = await settings.saveOperatorSection(
          section,
          request.body as Parameters<SettingsService['saveOperatorSection']>[1],
          audit.sink(request.audit),
        );
        return ok({ settings: saved }, msg('Settings saved.'));
      },
    );
  }

  app.get(
    '/api/operator/settings/payment-gateways',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['operator'],
        summary: 'Every payment gateway: switch, mode, title and which keys are set (never the keys)',
        response: { 200: operatorPaymentGatewaysReplySchema, ...roleErrors },
      },
    },
    async () => ok({ payment_gateways: await settings.operatorPaymentGateways() }),
  );

  app.put(
    '/api/operator/settings/payment-gateways/:name',
    {
      // Keys move money: a fresh two-step code.
      config: { access: 'admin', stepUp: true },
      schema: {
        tags: ['operator'],
        summary: 'Save one payment gateway; keys are write-only (absent keeps, empty removes)',
        params: operatorPaymentGatewayNameParamsSchema,
        body: operatorPaymentGatewayInputSchema,
        response: {
          200: operatorPaymentGatewaysReplySchema,
          ...roleErrors,
          404: errorReplySchema,
          422: validationErrorReplySchema,
        },
      },
    },
    async (request) => {
      const saved = await settings.saveOperatorPaymentGateway(
        request.params.name,
        request.body,
        audit.sink(request.audit),
      );
      return ok({ payment_gateways: saved }, msg('Settings saved.'));
    },
  );

  // The pictures: multipart only in this scope, the rest of the API keeps refusing such bodies.
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    await scope.register(fastifyMultipart, {
      // An oversized picture is cut and flagged (truncated), so it becomes a field error, not a 413.
      throwFileSizeLimit: false,
      limits: { fileSize: SETTINGS_IMAGE_MAX_BYTES + 1, files: 1, fields: 2, fieldSize: 100, parts: 3 },
    });
    scope.post(
      '/api/operator/settings/images/:kind',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['operator'],
          summary: 'Replaces a picture of the settings (logos, the app icon, the QR code): multipart `image`',
          consumes: ['multipart/form-data'],
          params: operatorSettingsImageParamsSchema,
          response: {
            200: operatorSettingsReplySchema,
            ...roleErrors,
            400: errorReplySchema,
            415: errorReplySchema,
            422: validationErrorReplySchema,
          },
        },
      },
      async (request) => {
        if (!request.isMultipart())
          throw new AppError(415, ErrorCode.UnsupportedMediaType, msg('Send the picture as multipart/form-data.'));
        const { file } = await readSingleFileForm(request, { fields: new Set(), file: 'image' });
        const saved = await settings.saveOperatorImage(request.params.kind, file, audit.sink(request.audit));
        return ok({ settings: saved }, msg('Settings saved.'));
      },
    );
  });

  app.delete(
    '/api/operator/settings/images/:kind',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['operator'],
        summary: 'Removes a picture of the settings (the header’s logo can only be replaced)',
        params: operatorSettingsImageParamsSchema,
        response: { 200: operatorSettingsReplySchema, ...roleErrors, 422: validationErrorReplySchema },
      },
    },
    async (request) =>
      ok(
        { settings: await settings.removeOperatorImage(request.params.kind, audit.sink(request.audit)) },
        msg('Settings saved.'),
      ),
  );

  // The lists saved whole, in their order: the menu, the currencies, the languages, the social links.
  for (const list of lists(settings)) {
    app.get(
      `/api/operator/settings/${list.path}`,
      {
        config: { access: 'admin' },
        schema: { tags: ['operator'], summary: list.read, response: { 200: list.reply, ...roleErrors } },
      },
      async () => ok({ items: await list.load() }),
    );
    app.put(
      `/api/operator/settings/${list.path}`,
      {
        config: { access: 'admin' },
        schema: {
          tags: ['operator'],
          summary: list.save,
          body: list.body,
          response: { 200: list.reply, ...roleErrors, 422: validationErrorReplySchema },
        },
      },
      async (request) =>
        ok({ items: await list.store(request.body as never, audit.sink(request.audit)) }, msg('Settings saved.')),
    );
  }
}

/** A list of /operator/settings saved whole: its path, contracts and the service's read and write. */
interface SavedList {
  path: string;
  read: string;
  save: string;
  body: z.ZodType;
  reply: z.ZodType;
  load: () => Promise<unknown[]>;
  store: (body: never, sink: AuditSink) => Promise<unknown[]>;
}

function lists(settings: SettingsService): SavedList[] {
  return [
    {
      path: 'menus',
      read: 'Every item of the storefront menu, in its order',
      save: 'Replace the storefront menu (internal paths and external links, in the order given)',
      body: operatorMenusInputSchema,
      reply: operatorMenusReplySchema,
      load: () => settings.operatorMenus(),
      store: (body: OperatorMenusInput, sink: AuditSink) => settings.saveOperatorMenus(body, sink),
    },
    {
      path: 'footers',
      read: 'Every footer column with its items (logo, text, e-mail, phone, social links, app store, link)',
      save: 'Replace the footer: its columns and their items, in the order given',
      body: operatorFootersInputSchema,
      reply: operatorFootersReplySchema,
      load: () => settings.operatorFooters(),
      store: (body: OperatorFootersOutput, sink: AuditSink) => settings.saveOperatorFooters(body, sink),
    },
    {
      path: 'currencies',
      read: 'Every currency with its rate, the default first chosen, in its order',
      save: 'Replace the currencies (matched by code): rates per unit of the default, one default at rate 1',
      body: operatorCurrenciesInputSchema,
      reply: operatorCurrenciesReplySchema,
      load: () => settings.operatorCurrencies(),
      store: (body: OperatorCurrenciesInput, sink: AuditSink) => settings.saveOperatorCurrencies(body, sink),
    },
    {
      path: 'languages',
      read: 'Every language of the release: title, direction, offered, default, in its order',
      save: 'Save the languages: titles, directions, which are offered, the default and the order',
      body: operatorLanguagesInputSchema,
      reply: operatorLanguagesReplySchema,
      load: () => settings.operatorLanguages(),
      store: (body: OperatorLanguagesInput, sink: AuditSink) => settings.saveOperatorLanguages(body, sink),
    },
    {
      path: 'social-links',
      read: 'Every social link of the footer, in its order',
      save: 'Replace the social links of the footer (https links, in the order given)',
      body: operatorSocialLinksInputSchema,
      reply: operatorSocialLinksReplySchema,
      load: () => settings.operatorSocialLinks(),
      store: (body: OperatorSocialLinksInput, sink: AuditSink) => settings.saveOperatorSocialLinks(body, sink),
    },
  ];
}
