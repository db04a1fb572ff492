import type { Category } from '@shop/contracts/catalog';
import { MEGA_MENU_TEXTS } from '@shop/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { TileGridSkeleton } from '../../../components/ui/skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { categoriesQueryOptions } from '../../../entities/category/api/categories';
import { useApi } from '../../../lib/api-context';
import { useT } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { Breadcrumbs } from './breadcrumbs';

const GRID = 'grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5 xl:grid-cols-6';

function CategoryTile({ category }: { category: Category }) {
  const t = useT();
  return (
    <Link
      to={paths.category(category.slug)}
      className="group flex h-full flex-col items-center gap-3 rounded-2xl border border-slate-200/80 bg-white p-4 text-center transition hover:-translate-y-0.5 hover:border-primary-200 hover:shadow-lg hover:shadow-slate-900/5"
    >
      <Avatar
        src={category.thumbnail}
        name={category.name}
        size={96}
        className="size-20 rounded-2xl bg-primary-50 sm:size-24"
        imageClassName="size-full object-cover transition duration-300 group-hover:scale-105"
        initialClassName="text-3xl font-bold text-primary-600"
      />
      <span className="line-clamp-2 max-w-full text-sm font-semibold [overflow-wrap:anywhere] text-slate-800 group-hover:text-primary-700">
        {category.name}
      </span>
      <span className="mt-auto flex flex-col text-xs text-slate-500">
        <span>{t('{{total}} products', { total: category.products_count })}</span>
        {category.sub_categories.length > 0 && (
          <span>{t('{{total}} subcategories', { total: category.sub_categories.length })}</span>
        )}
      </span>
    </Link>
  );
}

/** /categories: every category as a tile leading to its products. */
export function CategoryGrid() {
  const t = useT();
  const api = useApi();
  const query = useQuery(categoriesQueryOptions(api));
  const content = (() => {
    if (query.data) {
      if (query.data.length === 0) return <EmptyState title={t(MEGA_MENU_TEXTS.empty)} />;
      return (
        <ul className={GRID}>
          {query.data.map((category) => (
            <li key={category.id}>
              <CategoryTile category={category} />
            </li>
          ))}
        </ul>
      );
    }
    if (query.isError) {
      return <ErrorState title={t('We could not load the categories')} onRetry={() => void query.refetch()} />;
    }
    return <TileGridSkeleton count={12} className={GRID} tileClassName="h-40" />;
  })();
  return (
    <div className="mx-auto max-w-7xl px-3 py-4 sm:py-6 lg:px-6">
      <Breadcrumbs
        crumbs={[
          { name: t('Home'), to: '/' },
          { name: t('Categories'), to: paths.categories },
        ]}
      />
      <h1 className="mb-4 text-xl font-bold tracking-tight text-slate-900 sm:text-2xl">{t('All Categories')}</h1>
      {content}
    </div>
  );
}
