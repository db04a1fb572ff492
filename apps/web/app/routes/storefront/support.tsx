import { JsonLd } from '../../components/seo/json-ld';
import { metaTranslator } from '../../features/catalog/meta-text';
import { SupportPage } from '../../features/contact/components/contact-page';
import { useMaster } from '../../lib/api/master';
import { useT } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { absoluteUrl, seoContext, seoMeta } from '../../lib/seo';
import type { Route } from './+types/support';

export function meta({ matches }: Route.MetaArgs) {
  const { appName, publicUrl } = seoContext(matches);
  const t = metaTranslator(matches);
  return seoMeta({
    title: t('Support'),
    description: t('Ask the {{app}} support team for help with an order, a payment or your account.', {
      app: appName,
    }),
    path: paths.support,
    appName,
    publicUrl,
  });
}

export default function Support() {
  const t = useT();
  const { master } = useMaster();
  return (
    <>
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'WebPage',
          name: t('Support'),
          url: absoluteUrl(master?.baseUrl ?? '', paths.support),
        }}
      />
      <SupportPage />
    </>
  );
}
