import type { Master } from '@shop/contracts/settings';
import { Link } from 'react-router';
import { Skeleton } from '../../../components/ui/skeleton';
import { useT } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';

export function SiteLogo({
  master,
  loading,
  className = 'h-9',
}: {
  master: Master | undefined;
  loading: boolean;
  className?: string;
}) {
  const t = useT();
  if (loading) return <Skeleton className={`w-32 ${className}`} />;
  const name = master?.app_name || t('Home');
  return (
    <Link to={paths.home} className="inline-flex shrink-0 items-center" aria-label={t('{{name}} home', { name })}>
      {master?.web_logo ? (
        <img src={master.web_logo} alt={name} className={`w-auto max-w-44 object-contain ${className}`} />
      ) : (
        <span className="text-xl font-extrabold tracking-tight text-primary-700">{name}</span>
      )}
    </Link>
  );
}
