import { SEARCH_EMPTY_TEXTS } from '@shop/contracts/constants';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/states';
import { useT } from '../../../lib/i18n';
import { type SearchTab, searchTabUrl } from '../search-params';
import { ProductListing } from './product-listing';
import { ShopResults } from './shop-results';

function Tabs({ q, tab }: { q: string; tab: SearchTab }) {
  const t = useT();
  const tabs: { id: SearchTab; label: string }[] = [
    { id: 'products', label: t('Products') },
    { id: 'shops', label: t('Shops') },
  ];
  return (
    <nav aria-label={t('Search results')} className="mb-4 border-b border-slate-200">
      <ul className="flex gap-1">
        {tabs.map((item) => {
          const active = item.id === tab;
          return (
            <li key={item.id}>
              <Link
                to={searchTabUrl(q, item.id)}
                aria-current={active ? 'page' : undefined}
                className={`-mb-px inline-flex h-11 items-center border-b-2 px-4 text-sm font-semibold transition-colors ${
                  active
                    ? 'border-primary-700 text-primary-800'
                    : 'border-transparent text-slate-500 hover:border-slate-300 hover:text-slate-800'
                }`}
              >
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** /search?q=: products or (tab=shops) shops matching the words, paged. */
export function SearchPage({ q, tab }: { q: string; tab: SearchTab }) {
  const t = useT();
  const title = q ? t('Results for “{{search}}”', { search: q }) : t('Search');
  if (q && tab === 'products') {
    return (
      <ProductListing
        title={title}
        below={<Tabs q={q} tab={tab} />}
        scope={{ search: q }}
        emptyTitle={t(SEARCH_EMPTY_TEXTS.title)}
        emptyHint={t(SEARCH_EMPTY_TEXTS.hint)}
      />
    );
  }
  return (
    <div className="mx-auto max-w-7xl px-3 py-4 sm:py-6 lg:px-6">
      <h1 className="mb-4 text-xl font-bold tracking-tight text-slate-900 sm:text-2xl">{title}</h1>
      {q ? (
        <>
          <Tabs q={q} tab={tab} />
          <ShopResults q={q} />
        </>
      ) : (
        <EmptyState
          title={t('What are you looking for?')}
          hint={t('Type the name of a product or a shop in the search box.')}
        />
      )}
    </div>
  );
}
