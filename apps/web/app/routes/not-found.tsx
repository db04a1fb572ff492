import { PAGE_NOT_FOUND_TITLE } from '@shop/contracts/constants';
import { data, Link } from 'react-router';
import { buttonClass } from '../components/ui/button';
import { useT } from '../lib/i18n';
import { paths } from '../lib/paths';
import { buildTitle } from '../lib/title';
import type { Route } from './+types/not-found';

/** The bare screen for every unknown path, answered with HTTP 404. */
export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches.find((m) => m?.id === 'root')?.loaderData as { appName?: string } | undefined;
  return [{ title: buildTitle(PAGE_NOT_FOUND_TITLE, root?.appName) }, { name: 'robots', content: 'noindex' }];
};

export default function NotFound() {
  const t = useT();
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-white px-6 text-center">
      <p className="bg-gradient-to-br from-primary-500 to-primary-800 bg-clip-text text-8xl font-black tracking-tight text-transparent">
        404
      </p>
      <h1 className="mt-4 text-2xl font-bold text-slate-900 sm:text-3xl">{t(PAGE_NOT_FOUND_TITLE)}</h1>
      <p className="mt-3 max-w-md text-slate-600">
        {t('The page you are looking for does not exist or has been moved.')}
      </p>
      <Link to={paths.home} className={buttonClass('primary', 'lg', 'mt-8')}>
        {t('Back to Home')}
      </Link>
    </main>
  );
}
