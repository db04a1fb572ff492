import { BLOGS_PER_PAGE } from '@shop/contracts/content';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useRouteLoaderData } from 'react-router';
import { PAGE_PLACEHOLDER, Pagination } from '../../../components/ui/pagination';
import { Skeleton } from '../../../components/ui/skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { useApi } from '../../../lib/api-context';
import { paths } from '../../../lib/paths';
import { blogsQueryOptions } from '../api/blogs';
import { BlogCard } from './blog-card';

/** /blogs?category=..&page=..: the link for a category (or all) and a page. */
export function blogsHref(categoryId: number | undefined, page: number | string = 1): string {
  const params = new URLSearchParams();
  if (categoryId) params.set('category', String(categoryId));
  if (page !== 1) params.set('page', String(page));
  const query = params.toString().replace(encodeURIComponent(PAGE_PLACEHOLDER), PAGE_PLACEHOLDER);
  // Not withQuery: the page placeholder's brackets must stay literal.
  return query ? `${paths.blogs}?${query}` : paths.blogs;
}

function chipClass(active: boolean) {
  return `shrink-0 rounded-full px-4 py-1.5 text-sm font-medium transition ${
    active ? 'bg-primary-700 text-white shadow-sm' : 'bg-white text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50'
  }`;
}

/** The blog list: category chips, a grid of posts, pages of 9. */
export function BlogsPage({ page, categoryId }: { page: number; categoryId: number | undefined }) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const root = useRouteLoaderData('root') as { dir?: string } | undefined;
  const query = useQuery(blogsQueryOptions(api, page, categoryId));
  const data = query.data;
  const language = (i18n.language ?? 'en').split('-')[0];

  return (
    <div>
      <header className="mb-6">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('Blogs')}</h1>
        <p className="mt-1 text-sm text-slate-600">{t('News, shopping tips and stories from our sellers.')}</p>
      </header>

      {data && data.categories.length > 0 && (
        <nav aria-label={t('Blog categories')} className="-mx-4 mb-6 flex gap-2 overflow-x-auto px-4 pb-1">
          <Link
            to={blogsHref(undefined)}
            className={chipClass(!categoryId)}
            aria-current={!categoryId ? 'page' : undefined}
          >
            {t('All')}
          </Link>
          {data.categories.map((c) => (
            <Link
              key={c.id}
              to={blogsHref(c.id)}
              className={chipClass(categoryId === c.id)}
              aria-current={categoryId === c.id ? 'page' : undefined}
            >
              {c.name}
            </Link>
          ))}
        </nav>
      )}

      {query.isPending ? (
        <div role="status" className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          <span className="sr-only">{t('Loading...')}</span>
          {Array.from({ length: 6 }, (_, i) => (
            <div key={i} className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200/70">
              <Skeleton className="aspect-[16/10] w-full rounded-none" />
              <div className="space-y-2 p-4">
                <Skeleton className="h-3 w-1/3" />
                <Skeleton className="h-4 w-full" />
                <Skeleton className="h-3 w-5/6" />
              </div>
            </div>
          ))}
        </div>
      ) : query.isError && !data ? (
        <ErrorState title={t('We could not load the blog posts')} onRetry={() => void query.refetch()} />
      ) : data && data.blogs.length === 0 ? (
        <EmptyState
          icon="document"
          title={t('No blog posts yet')}
          action={
            categoryId ? (
              <Link to={paths.blogs} className="text-sm font-medium text-primary-700 hover:underline">
                {t('See all posts')}
              </Link>
            ) : undefined
          }
        />
      ) : data ? (
        <>
          <div className={`grid gap-5 sm:grid-cols-2 lg:grid-cols-3 ${query.isPlaceholderData ? 'opacity-60' : ''}`}>
            {data.blogs.map((blog, i) => (
              <BlogCard key={blog.id} blog={blog} priority={i < 3} />
            ))}
          </div>
          <Pagination
            className="mt-8"
            type="link"
            totalItems={data.total}
            itemsPerPage={BLOGS_PER_PAGE}
            modelValue={page}
            urlTemplate={blogsHref(categoryId, PAGE_PLACEHOLDER)}
            dir={root?.dir === 'rtl' ? 'rtl' : 'ltr'}
            locale={language === 'ar' ? 'ar' : language === 'fa' ? 'ir' : 'en'}
            ariaLabel={t('Pages of blog posts')}
          />
        </>
      ) : null}
    </div>
  );
}
