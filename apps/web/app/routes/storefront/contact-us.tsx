import { JsonLd } from '../../components/seo/json-ld';
import { metaTranslator } from '../../features/catalog/meta-text';
import { contactQueryOptions } from '../../features/contact/api/contact';
import { ContactPage } from '../../features/contact/components/contact-page';
import { useMaster } from '../../lib/api/master';
import { apiFromRequest } from '../../lib/api-context';
import { useT } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { prefetchQueries } from '../../lib/query-client';
import { absoluteUrl, seoContext, seoMeta } from '../../lib/seo';
import type { Route } from './+types/contact-us';

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = apiFromRequest(request, context);
  return { dehydratedState: await prefetchQueries((client) => client.prefetchQuery(contactQueryOptions(api))) };
}

export function meta({ matches }: Route.MetaArgs) {
  const { appName, publicUrl } = seoContext(matches);
  const t = metaTranslator(matches);
  return seoMeta({
    title: t('Contact Us'),
    description: t('Contact {{app}} by phone, email or the contact form.', { app: appName }),
    path: paths.contactUs,
    appName,
    publicUrl,
  });
}

export default function ContactUs() {
  const t = useT();
  const { master } = useMaster();
  const origin = master?.baseUrl ?? '';
  return (
    <>
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'ContactPage',
          name: t('Contact Us'),
          url: absoluteUrl(origin, paths.contactUs),
          ...(master?.app_name
            ? {
                about: {
                  '@type': 'Organization',
                  name: master.app_name,
                  url: absoluteUrl(origin, '/'),
                  ...(master.mobile ? { telephone: master.mobile } : {}),
                  ...(master.address ? { address: master.address } : {}),
                },
              }
            : {}),
        }}
      />
      <ContactPage />
    </>
  );
}
