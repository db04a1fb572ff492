import type { ReactNode } from 'react';
import { useT } from '../../../lib/i18n';

function Icon({ children }: { children: ReactNode }) {
  return (
    <span className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-primary-50 text-primary-600 sm:size-11">
      <svg
        viewBox="0 0 24 24"
        className="size-5 sm:size-6"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        {children}
      </svg>
    </span>
  );
}

/** Section 2 of the home page: the four trust badges. */
export function AboutSupport() {
  const t = useT();
  const badges = [
    {
      title: t('Secure Payment'),
      text: t('Every payment is encrypted and protected'),
      icon: (
        <>
          <path d="M12 3 4.5 6v5.25c0 4.6 3.2 8.4 7.5 9.75 4.3-1.35 7.5-5.15 7.5-9.75V6L12 3Z" />
          <path d="m9 12 2 2 4-4" />
        </>
      ),
    },
    {
      title: t('Genuine Reviews'),
      text: t('Ratings from real buyers only'),
      icon: (
        <>
          <path d="M7.5 8.25h9m-9 3.75h5.25M3 12c0 1.6.5 3.1 1.35 4.35L3.75 20.25l4.1-.95A9 9 0 1 0 3 12Z" />
        </>
      ),
    },
    {
      title: t('24/7 Support'),
      text: t('We are here to help, day and night'),
      icon: (
        <>
          <path d="M4.5 13.5V12a7.5 7.5 0 0 1 15 0v1.5" />
          <path d="M4.5 13.5A1.5 1.5 0 0 1 6 12h.75a.75.75 0 0 1 .75.75v4.5a.75.75 0 0 1-.75.75H6a1.5 1.5 0 0 1-1.5-1.5v-3Zm15 0A1.5 1.5 0 0 0 18 12h-.75a.75.75 0 0 0-.75.75v4.5c0 .41.34.75.75.75H18c.83 0 1.5-.67 1.5-1.5v-3Z" />
          <path d="M18 18v.75A2.25 2.25 0 0 1 15.75 21H13.5" />
        </>
      ),
    },
    {
      title: t('Easy Returns'),
      text: t('Hassle-free returns and refunds'),
      icon: (
        <>
          <path d="M9 15 3 9m0 0 6-6M3 9h12a6 6 0 0 1 0 12h-3" />
        </>
      ),
    },
  ];
  return (
    <section aria-label={t('Why shop with us')} className="rounded-2xl bg-white px-4 py-3 shadow-sm sm:px-5 sm:py-4">
      <ul className="grid grid-cols-2 gap-x-3 gap-y-3 sm:gap-4 lg:grid-cols-4 lg:divide-x lg:divide-slate-100 lg:rtl:divide-x-reverse">
        {badges.map((badge) => (
          <li key={badge.title} className="flex items-center gap-2.5 sm:gap-3 lg:px-4 lg:first:ps-0">
            <Icon>{badge.icon}</Icon>
            <div className="min-w-0">
              <p className="text-xs font-semibold text-slate-900 sm:text-sm">{badge.title}</p>
              <p className="hidden text-xs leading-snug text-slate-500 sm:block">{badge.text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
