import { countriesReplySchema, masterReplySchema } from '@shop/contracts/settings';
import type { ZodApp } from '../../deps';
import { ok } from '../../lib/reply';
import type { SettingsService } from './settings.service';

/** GET /api/master (alias /master): everything a page needs to draw its frame; GET /api/countries. */
export async function settingsRoutes(app: ZodApp, { settings: service }: { settings: SettingsService }) {
  app.get(
    '/api/master',
    {
      config: { access: 'public' },
      schema: {
        tags: ['settings'],
        summary:
          'Site settings, currencies, languages, menus and footers; texts (footer text and description, footer items, payment gateway titles) in the Accept-Language language, English where not translated; time_zone: the zone every date is shown in',
        response: { 200: masterReplySchema },
      },
    },
    async (request) => ok(await service.getMaster(request.locale)),
  );

  app.get(
    '/api/countries',
    {
      config: { access: 'public' },
      schema: { tags: ['settings'], summary: 'Countries with phone codes', response: { 200: countriesReplySchema } },
    },
    async () => ok({ countries: await service.countries() }),
  );
}
