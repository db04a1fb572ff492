import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { RichText } from '../../../components/ui/rich-text';
import { Skeleton } from '../../../components/ui/skeleton';
import { ErrorState } from '../../../components/ui/states';
import { useApi } from '../../../lib/api-context';
import { useT } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { pageQueryOptions } from '../api/pages';

/**
 * The page's HTML without a leading heading that only repeats its title, which the page already
 * shows as its h1 (many stored policy pages open with one).
 */
export function withoutRepeatedTitle(html: string, title: string): string {
  const match = /^\s*<h[1-3][^>]*>([\s\S]*?)<\/h[1-3]>/i.exec(html);
  if (!match) return html;
  const heading = (match[1] ?? '')
    .replace(/<[^>]*>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return heading.toLowerCase() === title.trim().toLowerCase() ? html.slice(match[0].length) : html;
}

/** A policy or CMS page: its title and sanitised HTML in a readable column. */
export function ContentPage({ slug }: { slug: string }) {
  const t = useT();
  const api = useApi();
  const query = useQuery(pageQueryOptions(api, slug));
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 lg:px-6">
      <nav aria-label={t('Breadcrumb')} className="mb-4 text-sm text-slate-500">
        <Link to={paths.home} className="hover:text-primary-700">
          {t('Home')}
        </Link>
        {query.data && (
          <>
            <span className="mx-2">/</span>
            <span className="text-slate-700">{query.data.title}</span>
          </>
        )}
      </nav>
      {query.isPending ? (
        <div role="status" className="space-y-3 rounded-2xl bg-white p-8 shadow-sm">
          <span className="sr-only">{t('Loading...')}</span>
          <Skeleton className="h-8 w-1/2" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-11/12" />
          <Skeleton className="h-4 w-4/5" />
        </div>
      ) : query.data ? (
        <article className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200/70 sm:p-10">
          <h1 dir="auto" className="mb-6 text-2xl font-bold text-slate-900 sm:text-3xl">
            {query.data.title}
          </h1>
          <RichText
            html={withoutRepeatedTitle(query.data.description, query.data.title)}
            imageWidth={848}
            imageSizes="(min-width: 896px) 848px, 100vw"
          />
        </article>
      ) : (
        <ErrorState title={t('We could not load this page')} onRetry={() => void query.refetch()} />
      )}
    </div>
  );
}
