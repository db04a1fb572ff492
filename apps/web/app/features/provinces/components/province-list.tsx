import type { Province } from '@shop/contracts/shops';
import { Link } from 'react-router';
import { Icon } from '../../../components/ui/icons';
import { useT } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';

/** Every province as a link with its shop count; provinces without shops stay listed, greyed. */
export function ProvinceList({ provinces }: { provinces: Province[] }) {
  const t = useT();
  return (
    <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
      {provinces.map((province) => (
        <li key={province.id}>
          <Link
            to={paths.province(province.id)}
            className="flex items-center gap-3 rounded-xl bg-white px-4 py-3 shadow-sm ring-1 ring-slate-100 transition hover:ring-primary-300"
          >
            <span
              className={`flex size-9 shrink-0 items-center justify-center rounded-full ${province.shops_count > 0 ? 'bg-primary-50 text-primary-700' : 'bg-slate-100 text-slate-400'}`}
            >
              <Icon name="mapPin" className="size-5" />
            </span>
            <span className="min-w-0 flex-1">
              <span className="block truncate text-sm font-semibold text-slate-900">{province.name}</span>
              <span className="block text-xs text-slate-500">
                {province.shops_count === 1 ? t('1 shop') : t('{{count}} shops', { count: province.shops_count })}
              </span>
            </span>
            <Icon name="chevronEnd" className="size-4 text-slate-400 rtl:rotate-180" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
