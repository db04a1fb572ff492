import { masterReplySchema } from '@shop/contracts/settings';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { currencies, menus } from '../../db/schema/settings';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { findSettings, saveSetting } from './settings.repository';

/**
 * A saved setting is seen within a poll (500 ms) by every process: each looks at the settings'
 * version (a sequence every write to a settings table moves, migration 0029) and drops its
 * cached master, checkout rules and languages when it moved, instead of serving them for their time.
 */
let ctx: TestApp;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

/** Both clocks on: the caches' own (Date, faked) and the API's. */
const later = (ms: number) => {
  vi.setSystemTime(Date.now() + ms);
  ctx.clock.advance(ms);
};
const master = async () => {
  const res = await ctx.app.inject({ url: '/api/master' });
  expect(res.statusCode).toBe(200);
  return masterReplySchema.parse(res.json()).data;
};

it('shows a saved setting, a menu item and a currency rate within a poll, and not before', async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  const { general } = await findSettings(ctx.db, ['general']);
  if (!general) throw new Error('the seed has general settings');
  const [menu] = await ctx.db.select().from(menus).limit(1);
  if (!menu) throw new Error('the seed has menus');
  try {
    const before = await master();
    await saveSetting(ctx.db, 'general', { ...general, app_name: 'Renamed Market' });
    await ctx.db.update(menus).set({ name: 'Renamed menu item' }).where(eq(menus.id, menu.id));
    // Before this process looks at the version again, the cached master is served.
    expect((await master()).app_name).toBe(before.app_name);
    later(500);
    const after = await master();
    expect(after.app_name).toBe('Renamed Market');
    expect(JSON.stringify(after.menus)).toContain('Renamed menu item');

    // Whatever a load made while the write was committing is loaded once more when that time is over.
    await ctx.db.update(currencies).set({ rate: 2.5 }).where(eq(currencies.isDefault, false));
    later(500);
    await master();
    later(2_000);
    const settled = await master();
    expect(settled.currencies.filter((c) => !c.is_default).every((c) => Number(c.rate) === 2.5)).toBe(true);
  } finally {
    await saveSetting(ctx.db, 'general', general);
    await ctx.db.update(menus).set({ name: menu.name }).where(eq(menus.id, menu.id));
    vi.useRealTimers();
  }
});
