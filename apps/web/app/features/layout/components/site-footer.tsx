import { DEFAULT_FOOTER_TEXT, DEFAULT_TIME_ZONE } from '@shop/contracts/constants';
import type { FooterColumn, FooterItem, Master } from '@shop/contracts/settings';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Icon } from '../../../components/ui/icons';
import { useT } from '../../../lib/i18n';
import { marketYear } from '../../../lib/market-time';
import { paths } from '../../../lib/paths';
import { isLinkColumn } from '../footer-rules';
import { StoreBadge, storeLinks } from './download-app-menu';
import { MenuLink } from './menu-link';

function emailOf(item: FooterItem, master: Master): string {
  return [item.url?.replace(/^mailto:/i, ''), item.title, master.email].find((v) => v?.includes('@'))?.trim() ?? '';
}

function phoneOf(item: FooterItem, master: Master): string {
  return [item.url?.replace(/^tel:/i, ''), item.title, master.mobile].find((v) => v && /\d{4,}/.test(v))?.trim() ?? '';
}

function FooterItemView({ item, master }: { item: FooterItem; master: Master }) {
  const t = useT();
  switch (item.type) {
    case 'logo': {
      const logo = master.web_footer_logo || master.web_logo;
      return logo ? (
        <Link to={paths.home} className="inline-block">
          <img src={logo} alt={master.app_name} className="h-10 w-auto max-w-48 object-contain" loading="lazy" />
        </Link>
      ) : (
        <Link to={paths.home} className="text-xl font-extrabold text-white">
          {master.app_name}
        </Link>
      );
    }
    case 'text':
      // A text item carries its own words (an address, a blurb); an empty one shows the site description.
      return (
        <p dir="auto" className="max-w-xs leading-relaxed text-slate-400 rtl:text-right">
          {item.title || master.web_footer_description}
        </p>
      );
    case 'email': {
      const email = emailOf(item, master);
      return email ? (
        <a href={`mailto:${email}`} className="inline-flex items-center gap-2 hover:text-white">
          <Icon name="mail" className="size-4 shrink-0 text-primary-400" />
          <span className="break-all">{email}</span>
        </a>
      ) : null;
    }
    case 'phone': {
      const phone = phoneOf(item, master);
      return phone ? (
        <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} className="inline-flex items-center gap-2 hover:text-white">
          <Icon name="phone" className="size-4 shrink-0 text-primary-400" />
          <span dir="ltr">{phone}</span>
        </a>
      ) : null;
    }
    case 'social_links':
      return master.social_links.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={t('Follow us')}>
          {master.social_links.map((social) => (
            <li key={social.id}>
              <a
                href={social.link}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={social.name}
                title={social.name}
                className="flex size-9 items-center justify-center rounded-full bg-white/10 transition hover:bg-primary-600"
              >
                {social.logo ? (
                  <img src={social.logo} alt="" className="size-5 object-contain" loading="lazy" />
                ) : (
                  // A link the operator added has no logo: its name's first letter stands in.
                  <span aria-hidden="true" className="text-sm font-semibold uppercase text-white">
                    {[...social.name.trim()][0] ?? '?'}
                  </span>
                )}
              </a>
            </li>
          ))}
        </ul>
      ) : null;
    case 'app_store': {
      const { playStore, appStore } = storeLinks(master);
      return (
        <div className="flex flex-wrap items-start gap-3">
          {master.footer_qr ? (
            <figure className="flex flex-col items-center gap-1.5">
              <img
                src={master.footer_qr}
                alt={t('Scan the QR')}
                className="size-24 rounded-lg bg-white p-1.5"
                loading="lazy"
              />
              <figcaption className="text-xs text-slate-400">{t('Scan the QR')}</figcaption>
            </figure>
          ) : null}
          <div className="flex flex-col gap-2">
            {playStore ? <StoreBadge store="play" href={playStore} /> : null}
            {appStore ? <StoreBadge store="apple" href={appStore} /> : null}
          </div>
        </div>
      );
    }
    case 'link':
      return item.url ? (
        <MenuLink url={item.url} target={item.target} className="hover:text-white hover:underline">
          {t(item.title)}
        </MenuLink>
      ) : (
        <span>{t(item.title)}</span>
      );
    default:
      return null;
  }
}

/**
 * One footer column. Link columns collapse under 640 px (Tailwind's sm): the list is hidden by CSS
 * until its title is toggled, and always shown from sm, so the server's HTML is right on phones and
 * desktops before any script runs. The toggle exists only under sm, so its aria-expanded is the
 * toggle state alone; no script reads the window's width (reading it forced a layout while the
 * page hydrated).
 */
function FooterColumnView({ column, master }: { column: FooterColumn; master: Master }) {
  const t = useT();
  const [toggled, setToggled] = useState(false);
  const listId = useId();
  const collapsible = isLinkColumn(column);
  const items = (
    <ul
      id={listId}
      className={`space-y-3 text-sm text-slate-300 ${collapsible ? (toggled ? 'mt-3 block' : 'hidden sm:mt-4 sm:block') : 'mt-4'}`}
    >
      {column.items.map((item) => (
        <li key={item.id}>
          <FooterItemView item={item} master={master} />
        </li>
      ))}
    </ul>
  );
  if (!collapsible) {
    return (
      <div>
        {column.title ? <h2 className="text-sm font-semibold text-white">{t(column.title)}</h2> : null}
        {items}
      </div>
    );
  }
  return (
    <div className="border-b border-white/10 pb-3 sm:border-0 sm:pb-0">
      <h2 className="text-sm font-semibold text-white">
        <button
          type="button"
          className="flex w-full items-center justify-between py-1 text-start sm:hidden"
          aria-expanded={toggled}
          aria-controls={listId}
          onClick={() => setToggled((v) => !v)}
        >
          {t(column.title)}
          <Icon name="chevronDown" className={`size-4 transition-transform ${toggled ? 'rotate-180' : ''}`} />
        </button>
        <span className="hidden sm:inline">{t(column.title)}</span>
      </h2>
      {items}
    </div>
  );
}

/** The footer: configurable columns, then the year and the footer text. */
export function SiteFooter({ master }: { master: Master | undefined }) {
  const t = useT();
  const year = marketYear(master?.time_zone || DEFAULT_TIME_ZONE);
  if (master && !master.web_show_footer) return null;
  const columns = [...(master?.footers ?? [])].sort((a, b) => a.position - b.position);
  return (
    <footer className="mt-16 bg-slate-900 text-slate-300">
      {master && columns.length > 0 ? (
        <div className="mx-auto grid max-w-7xl gap-x-8 gap-y-4 px-4 pb-8 pt-10 sm:grid-cols-2 sm:gap-y-10 lg:grid-cols-4 lg:px-6 lg:pt-14">
          {columns.map((column) => (
            <FooterColumnView key={column.id} column={column} master={master} />
          ))}
        </div>
      ) : null}
      <div className="border-t border-white/10">
        {/* The shop's own footer text may be in another script than the page: its first letter sets the direction. */}
        <p dir="auto" className="mx-auto max-w-7xl px-4 py-5 text-center text-xs text-slate-400 lg:px-6">
          © {year} {master?.web_footer_text || t(DEFAULT_FOOTER_TEXT)}
        </p>
      </div>
    </footer>
  );
}
