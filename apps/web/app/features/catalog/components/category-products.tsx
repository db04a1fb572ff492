import type { Category, SubCategory } from '@shop/contracts/catalog';
import { Link, useSearchParams } from 'react-router';
import { JsonLd } from '../../../components/seo/json-ld';
import { useMaster } from '../../../lib/api/master';
import { useT } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { absoluteUrl } from '../../../lib/seo';
import { carriedSearch } from '../category-lookup';
import { Breadcrumbs, type Crumb } from './breadcrumbs';
import { ProductListing } from './product-listing';

/** /categories/{slug} and /categories/{slug}/{subSlug}: the products with subcategory chips. */
export function CategoryProducts({ category, subCategory }: { category: Category; subCategory: SubCategory | null }) {
  const t = useT();
  const { master } = useMaster();
  const [params] = useSearchParams();
  const carry = carriedSearch(params);
  const crumbs: Crumb[] = [
    { name: t('Home'), to: '/' },
    { name: t('Categories'), to: paths.categories },
    { name: category.name, to: paths.category(category.slug) },
  ];
  if (subCategory) crumbs.push({ name: subCategory.name, to: paths.category(category.slug, subCategory.slug) });
  const publicUrl = master?.baseUrl ?? '';

  const chip = (active: boolean) =>
    `inline-flex h-9 shrink-0 items-center whitespace-nowrap rounded-full border px-4 text-sm font-medium transition-colors ${
      active
        ? 'border-primary-700 bg-primary-700 text-white'
        : 'border-slate-300 bg-white text-slate-700 hover:border-primary-400 hover:text-primary-700'
    }`;

  const chips =
    category.sub_categories.length > 0 ? (
      <nav aria-label={t('Subcategories')} className="-mx-3 mb-4 px-3">
        <ul className="scrollbar-thin flex gap-2 overflow-x-auto pb-1">
          <li>
            <Link
              to={`${paths.category(category.slug)}${carry}`}
              aria-current={subCategory ? undefined : 'page'}
              className={chip(!subCategory)}
            >
              {t('All')}
            </Link>
          </li>
          {category.sub_categories.map((sub) => (
            <li key={sub.id}>
              <Link
                to={`${paths.category(category.slug, sub.slug)}${carry}`}
                aria-current={subCategory?.id === sub.id ? 'page' : undefined}
                className={chip(subCategory?.id === sub.id)}
              >
                {sub.name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    ) : null;

  return (
    <>
      {publicUrl && (
        <JsonLd
          data={{
            '@context': 'https://schema.org',
            '@type': 'BreadcrumbList',
            itemListElement: crumbs.map((crumb, index) => ({
              '@type': 'ListItem',
              position: index + 1,
              name: crumb.name,
              item: absoluteUrl(publicUrl, crumb.to),
            })),
          }}
        />
      )}
      <ProductListing
        key={`${category.id}-${subCategory?.id ?? 0}`}
        title={subCategory?.name ?? category.name}
        above={<Breadcrumbs crumbs={crumbs} />}
        below={chips}
        scope={{ categoryId: category.id, subCategoryId: subCategory?.id }}
        showCategoryFilter={false}
      />
    </>
  );
}
