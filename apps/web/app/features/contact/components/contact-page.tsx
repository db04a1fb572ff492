import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Icon, type IconName } from '../../../components/ui/icons';
import { Skeleton } from '../../../components/ui/skeleton';
import { useApi } from '../../../lib/api-context';
import { useT } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { contactQueryOptions } from '../api/contact';
import { ContactForm } from './contact-form';

function Detail({ icon, label, children }: { icon: IconName; label: string; children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-50 text-primary-700">
        <Icon name={icon} className="size-5" />
      </span>
      <span className="min-w-0">
        <span className="block text-xs font-medium uppercase tracking-wide text-slate-500">{label}</span>
        <span className="block break-words text-sm text-slate-800">{children}</span>
      </span>
    </li>
  );
}

const linkClass = 'font-medium text-primary-700 hover:underline';

/** The shop's contact details (from the API), each only when set. */
function ContactDetails() {
  const t = useT();
  const api = useApi();
  const query = useQuery(contactQueryOptions(api));
  if (query.isPending) {
    return (
      <div role="status" className="space-y-4">
        <span className="sr-only">{t('Loading...')}</span>
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="h-10 w-full" />
        ))}
      </div>
    );
  }
  if (!query.data) {
    return (
      <div role="alert" className="text-sm text-slate-600">
        {t('We could not load the contact details')}{' '}
        <button type="button" onClick={() => void query.refetch()} className={linkClass}>
          {t('Try again')}
        </button>
      </div>
    );
  }
  const { phone, email, whatsapp, messenger, address } = query.data;
  return (
    <ul className="space-y-5">
      {phone && (
        <Detail icon="phone" label={t('Phone')}>
          <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} className={linkClass} dir="ltr">
            {phone}
          </a>
        </Detail>
      )}
      {email && (
        <Detail icon="mail" label={t('Email')}>
          <a href={`mailto:${email}`} className={linkClass}>
            {email}
          </a>
        </Detail>
      )}
      {whatsapp && (
        <Detail icon="chat" label={t('WhatsApp')}>
          <a href={whatsapp} target="_blank" rel="noopener noreferrer" className={linkClass}>
            {t('Chat on WhatsApp')}
          </a>
        </Detail>
      )}
      {messenger && (
        <Detail icon="chat" label={t('Messenger')}>
          <a href={messenger} target="_blank" rel="noopener noreferrer" className={linkClass}>
            {t('Chat on Messenger')}
          </a>
        </Detail>
      )}
      {address && (
        <Detail icon="mapPin" label={t('Address')}>
          <span dir="auto">{address}</span>
        </Detail>
      )}
    </ul>
  );
}

/** /contact-us: how to reach the shop, and the contact form. */
export function ContactPage() {
  const t = useT();
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 lg:px-6">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('Contact Us')}</h1>
      <p className="mt-1 text-sm text-slate-600">{t('Questions about an order or a product? We are happy to help.')}</p>
      <div className="mt-6 grid gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <section className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200/70">
          <h2 className="mb-5 text-lg font-semibold text-slate-900">{t('Get in touch')}</h2>
          <ContactDetails />
        </section>
        <section className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200/70">
          <h2 className="mb-5 text-lg font-semibold text-slate-900">{t('Send us a message')}</h2>
          <ContactForm />
        </section>
      </div>
    </div>
  );
}

/** /support: the contact form with a word on how the message is handled. */
export function SupportPage() {
  const t = useT();
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 lg:px-6">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('Support')}</h1>
      <p className="mt-1 text-sm text-slate-600">
        {t('Tell us what happened and our support team will get back to you as soon as possible.')}
      </p>
      <section className="mt-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200/70">
        <ContactForm />
      </section>
      <section className="mt-6 flex gap-3 rounded-2xl bg-primary-50 p-5 text-sm text-slate-700">
        <Icon name="shield" className="size-6 shrink-0 text-primary-700" />
        <div>
          <h2 className="font-semibold text-slate-900">{t('Your privacy')}</h2>
          <p className="mt-1">
            {t(
              'We use the details you give here only to answer your message. We do not share them with sellers or anyone else, and we never use them for advertising.',
            )}{' '}
            <a href={paths.privacyPolicy} className={linkClass}>
              {t('Privacy Policy')}
            </a>
          </p>
        </div>
      </section>
    </div>
  );
}
