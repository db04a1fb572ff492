import { Link, useSearchParams } from 'react-router';
import { useT } from '../../../lib/i18n';
import { CategoriesSection } from './catalogue-categories';
import { SubCategoriesSection } from './catalogue-sub-categories';
import { ValuesSection } from './catalogue-values';
import { PageHeading } from './table-filters';

/** The lists of the page, in the order of its tabs; the first is the one without `?tab=`. */
const TABS = [
  { id: 'categories', label: 'Categories', Section: CategoriesSection },
  { id: 'subcategories', label: 'Subcategories', Section: SubCategoriesSection },
  { id: 'brands', label: 'Brands', Section: () => <ValuesSection list="brands" /> },
  { id: 'colours', label: 'Colours', Section: () => <ValuesSection list="colors" /> },
  { id: 'sizes', label: 'Sizes', Section: () => <ValuesSection list="sizes" /> },
  { id: 'units', label: 'Units', Section: () => <ValuesSection list="units" /> },
] as const;

/**
 * /operator/catalogue: the catalogue's structure the storefront is browsed by. Each list is a tab
 * (`?tab=`); it is searched, sorted and paged on the server, and the URL keeps that state.
 */
export function CataloguePage() {
  const t = useT();
  const [search] = useSearchParams();
  const current = TABS.find((tab) => tab.id === search.get('tab')) ?? TABS[0];
  const { Section } = current;
  return (
    <div className="space-y-5">
      <PageHeading
        title={t('Catalogue')}
        hint={t('Shoppers browse by these; a change shows in the storefront within a second.')}
      />
      <nav aria-label={t('Catalogue lists')}>
        <ul className="flex flex-wrap gap-2">
          {TABS.map((tab) => (
            <li key={tab.id}>
              <Link
                to={tab === TABS[0] ? { search: '' } : { search: `?tab=${tab.id}` }}
                aria-current={tab === current ? 'page' : undefined}
                preventScrollReset
                className={`inline-flex h-9 items-center rounded-full px-4 text-sm font-medium focus-visible:outline-2 focus-visible:outline-primary-600 ${
                  tab === current
                    ? 'bg-primary-700 text-white'
                    : 'border border-slate-300 bg-white text-slate-700 hover:bg-slate-100'
                }`}
              >
                {t(tab.label)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Section key={current.id} />
    </div>
  );
}
