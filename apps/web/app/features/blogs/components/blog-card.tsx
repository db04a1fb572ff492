import type { BlogCard as BlogCardData } from '@shop/contracts/content';
import { Link } from 'react-router';
import { Img } from '../../../components/ui/img';
import { useT } from '../../../lib/i18n';
import { useMarketTime } from '../../../lib/market-time';
import { paths } from '../../../lib/paths';

/** A post on the blog list: picture, category, title, excerpt, author, date and views. */
export function BlogCard({ blog, priority = false }: { blog: BlogCardData; priority?: boolean }) {
  const t = useT();
  const time = useMarketTime();
  return (
    <article className="group flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200/70 transition hover:shadow-md">
      {/* The title below is the card's link for keyboards and screen readers; the picture repeats it for pointers. */}
      <Link
        to={paths.blog(blog.slug)}
        tabIndex={-1}
        aria-hidden="true"
        className="relative block aspect-[16/10] overflow-hidden bg-slate-100"
      >
        {blog.thumbnail && (
          <Img
            src={blog.thumbnail}
            width={480}
            height={300}
            alt=""
            sizes="(min-width: 1024px) 30vw, (min-width: 640px) 45vw, 100vw"
            priority={priority}
            className="size-full object-cover transition duration-300 group-hover:scale-105"
          />
        )}
        {blog.is_new && (
          <span className="absolute start-3 top-3 rounded-full bg-primary-700 px-2.5 py-0.5 text-xs font-semibold text-white shadow">
            {t('New')}
          </span>
        )}
      </Link>
      <div className="flex flex-1 flex-col gap-2 p-4">
        {blog.category && (
          <span className="text-xs font-semibold uppercase tracking-wide text-primary-700">{blog.category.name}</span>
        )}
        <h2 dir="auto" className="line-clamp-2 text-base font-semibold text-slate-900">
          <Link to={paths.blog(blog.slug)} className="hover:text-primary-700">
            {blog.title}
          </Link>
        </h2>
        <p dir="auto" className="line-clamp-3 text-sm text-slate-600">
          {blog.description}
        </p>
        <div className="mt-auto flex items-center justify-between gap-2 pt-2 text-xs text-slate-500">
          <span className="truncate">
            {blog.post_by.name} · <time dateTime={blog.created_at}>{time.format(blog.created_at, 'date')}</time>
          </span>
          <span className="shrink-0">{t('{{count}} views', { count: blog.total_views })}</span>
        </div>
      </div>
    </article>
  );
}

/** A compact post link for the details page's side lists. */
export function BlogLink({ blog }: { blog: BlogCardData }) {
  const time = useMarketTime();
  return (
    <Link to={paths.blog(blog.slug)} className="group flex gap-3">
      <span className="block size-16 shrink-0 overflow-hidden rounded-lg bg-slate-100">
        {blog.thumbnail && (
          <Img src={blog.thumbnail} width={64} height={64} alt="" className="size-full object-cover" />
        )}
      </span>
      <span className="min-w-0">
        <span dir="auto" className="line-clamp-2 text-sm font-medium text-slate-800 group-hover:text-primary-700">
          {blog.title}
        </span>
        <time dateTime={blog.created_at} className="text-xs text-slate-500">
          {time.format(blog.created_at, 'date')}
        </time>
      </span>
    </Link>
  );
}
