import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { EmptyState } from '../../../components/ui/states';
import { useT } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import type { CategoryTile } from '../api/home-query-options';
import { Section } from './section-shell';

/** Section 3 of the home page: the top categories, each to /categories/{slug}. */
export function CategoryRow({ categories }: { categories: CategoryTile[] }) {
  const t = useT();
  return (
    <Section id="home-categories" title={t('Categories')} viewAllTo={paths.categories}>
      {categories.length === 0 ? (
        <EmptyState icon="squares" title={t('No categories yet')} />
      ) : (
        <ul className="scrollbar-thin -mx-1 flex snap-x gap-1 overflow-x-auto pb-1 lg:grid lg:grid-cols-10 lg:overflow-visible">
          {categories.map((category) => (
            <li key={category.id} className="w-[5.5rem] shrink-0 snap-start lg:w-auto">
              <Link
                to={paths.category(category.slug)}
                className="group flex flex-col items-center gap-2 rounded-xl px-1 py-2 text-center outline-none hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-primary-500"
              >
                <Avatar
                  src={category.thumbnail}
                  name={category.name}
                  size={64}
                  className="size-16 rounded-2xl bg-slate-100 ring-1 ring-slate-200/70 transition group-hover:ring-primary-300"
                  imageClassName="size-full object-cover transition duration-300 group-hover:scale-110"
                  initialClassName="text-xl font-bold text-primary-600"
                />
                <span className="line-clamp-2 text-xs font-medium leading-tight text-slate-700 group-hover:text-primary-700">
                  {category.name}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
