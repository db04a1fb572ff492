import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import type { Master } from '@shop/contracts/settings';
import { PendingTrigger, useHydrated } from '../../../components/ui/hydrated';
import { AppleMark, Icon, PlayStoreMark } from '../../../components/ui/icons';
import { menuTimingStyle } from '../../../components/ui/menu-timing';
import { useT } from '../../../lib/i18n';

export function storeLinks(master: Master | undefined): { playStore: string | null; appStore: string | null } {
  return {
    playStore: master?.google_playstore_link?.trim() || null,
    appStore: master?.app_store_link?.trim() || null,
  };
}

/** The dark "Get it on / Download on" badge linking to a store in a new tab. */
export function StoreBadge({ store, href }: { store: 'play' | 'apple'; href: string }) {
  const t = useT();
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex h-11 min-w-36 items-center gap-2.5 rounded-lg bg-slate-950 px-3 text-start text-white ring-1 ring-white/15 transition hover:bg-slate-800"
    >
      {store === 'play' ? <PlayStoreMark className="size-6" /> : <AppleMark className="size-6" />}
      <span className="leading-tight">
        <span className="block text-[10px] uppercase tracking-wide text-white/70">
          {store === 'play' ? t('Get it on') : t('Download on the')}
        </span>
        <span className="block text-sm font-semibold">{store === 'play' ? t('Google Play') : t('App Store')}</span>
      </span>
    </a>
  );
}

/** Shown only when the download block is on and at least one store link is set. */
export function DownloadAppMenu({ master }: { master: Master | undefined }) {
  const t = useT();
  const hydrated = useHydrated();
  const { playStore, appStore } = storeLinks(master);
  if (!master?.show_download_app || (!playStore && !appStore)) return null;
  const buttonClass =
    'inline-flex h-10 items-center gap-1.5 rounded-lg px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 data-open:bg-slate-100';
  const trigger = (
    <>
      <Icon name="download" className="size-5 text-primary-600" />
      {t('Download App')}
      <Icon name="chevronDown" className="size-4" />
    </>
  );
  if (!hydrated) {
    return (
      <PendingTrigger wrapperClassName="relative" style={menuTimingStyle} className={buttonClass} popup="menu">
        {trigger}
      </PendingTrigger>
    );
  }
  return (
    <Menu as="div" className="relative" style={menuTimingStyle}>
      <MenuButton className={buttonClass}>{trigger}</MenuButton>
      <MenuItems
        anchor="bottom end"
        transition
        className="z-50 flex w-64 flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-panel outline-none [--anchor-gap:8px] transition ease-out data-closed:-translate-y-1 data-closed:opacity-0 data-enter:duration-(--menu-in) data-leave:duration-(--menu-out)"
      >
        <p className="text-sm font-semibold text-slate-900">{t('Shop faster with our app')}</p>
        <p className="mb-1 text-xs text-slate-500">{t('Exclusive deals and order tracking on the go.')}</p>
        {playStore ? (
          <MenuItem>
            <a
              href={playStore}
              target="_blank"
              rel="noopener noreferrer"
              className="flex items-center gap-3 rounded-xl bg-slate-950 px-3 py-2 text-white data-focus:ring-2 data-focus:ring-primary-500"
            >
              <PlayStoreMark className="size-6" />
              <span className="leading-tight">
                <span className="block text-[10px] uppercase tracking-wide text-white/70">{t('Get it on')}</span>
                <span className="block text-sm font-semibold">{t('Google Play')}</span>
              </span>
            </a>
          </MenuItem>
        ) : null}
        {appStore ? (
          <MenuItem>
            <a
              href={appStore}
              target="_blank"
              rel="noopener noreferrer"
              className="flex items-center gap-3 rounded-xl bg-slate-950 px-3 py-2 text-white data-focus:ring-2 data-focus:ring-primary-500"
            >
              <AppleMark className="size-6" />
              <span className="leading-tight">
                <span className="block text-[10px] uppercase tracking-wide text-white/70">{t('Download on the')}</span>
                <span className="block text-sm font-semibold">{t('App Store')}</span>
              </span>
            </a>
          </MenuItem>
        ) : null}
      </MenuItems>
    </Menu>
  );
}
