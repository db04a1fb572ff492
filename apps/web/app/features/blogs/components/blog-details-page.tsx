import type { BlogDetailsPage as BlogDetailsData } from '@shop/contracts/content';
import { Link } from 'react-router';
import { Icon } from '../../../components/ui/icons';
import { Img } from '../../../components/ui/img';
import { RichText } from '../../../components/ui/rich-text';
import { ProductCard } from '../../../entities/product/components/product-card';
import { useT } from '../../../lib/i18n';
import { useMarketTime } from '../../../lib/market-time';
import { paths, withQuery } from '../../../lib/paths';
import { BlogCard, BlogLink } from './blog-card';

/** The article column: about 760px from a laptop up, the screen's width below. */
const CONTENT_IMAGE_SIZES = '(min-width: 1024px) 760px, 100vw';

/** One post: header, picture, sanitised body, tags; popular posts beside it, related reading and products below. */
export function BlogDetailsPage({ data }: { data: BlogDetailsData }) {
  const t = useT();
  const time = useMarketTime();
  const { blog } = data;
  return (
    <div>
      <nav aria-label={t('Breadcrumb')} className="mb-4 text-sm text-slate-500">
        <Link to={paths.home} className="hover:text-primary-700">
          {t('Home')}
        </Link>
        <span className="mx-2">/</span>
        <Link to={paths.blogs} className="hover:text-primary-700">
          {t('Blogs')}
        </Link>
      </nav>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <article className="min-w-0 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200/70 sm:p-8">
          {blog.category && (
            <Link
              to={withQuery(paths.blogs, { category: String(blog.category.id) })}
              className="text-xs font-semibold uppercase tracking-wide text-primary-700 hover:underline"
            >
              {blog.category.name}
            </Link>
          )}
          <h1 dir="auto" className="mt-2 text-2xl font-bold leading-tight text-slate-900 sm:text-3xl">
            {blog.title}
          </h1>
          <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-500">
            <span className="flex items-center gap-2">
              {blog.post_by.profile_photo ? (
                <Img
                  src={blog.post_by.profile_photo}
                  width={28}
                  height={28}
                  alt=""
                  className="size-7 rounded-full object-cover"
                />
              ) : (
                <Icon name="user" className="size-5" />
              )}
              {blog.post_by.name}
            </span>
            <time dateTime={blog.created_at}>{time.format(blog.created_at, 'date')}</time>
            <span>{t('{{count}} views', { count: blog.total_views })}</span>
          </div>
          {blog.thumbnail && (
            <Img
              src={blog.thumbnail}
              width={960}
              height={600}
              alt={blog.title}
              sizes={CONTENT_IMAGE_SIZES}
              priority
              className="mt-6 aspect-[16/10] w-full rounded-xl object-cover"
            />
          )}
          <RichText
            html={blog.description}
            imageWidth={760}
            imageSizes={CONTENT_IMAGE_SIZES}
            className="mt-6 max-w-none"
          />
          {blog.tags.length > 0 && (
            <div className="mt-8 flex flex-wrap items-center gap-2 border-t border-slate-100 pt-5">
              <span className="text-sm font-medium text-slate-700">{t('Tags')}:</span>
              {blog.tags.map((tag) => (
                <span key={tag.id} className="rounded-full bg-slate-100 px-3 py-1 text-xs font-medium text-slate-700">
                  #{tag.name}
                </span>
              ))}
            </div>
          )}
        </article>

        <aside className="space-y-4">
          <h2 className="text-base font-semibold text-slate-900">{t('Popular Posts')}</h2>
          <ul className="space-y-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200/70">
            {data.popular_blogs.map((b) => (
              <li key={b.id}>
                <BlogLink blog={b} />
              </li>
            ))}
          </ul>
        </aside>
      </div>

      {data.related_blogs.length > 0 && (
        <section className="mt-12">
          <h2 className="mb-4 text-xl font-semibold text-slate-900">{t('Related Posts')}</h2>
          <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {data.related_blogs.map((b) => (
              <BlogCard key={b.id} blog={b} />
            ))}
          </div>
        </section>
      )}

      {data.related_products.length > 0 && (
        <section className="mt-12">
          <h2 className="mb-4 text-xl font-semibold text-slate-900">{t('Related Products')}</h2>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
            {data.related_products.map((p) => (
              <ProductCard key={p.id} product={p} />
            ))}
          </div>
        </section>
      )}
    </div>
  );
}
