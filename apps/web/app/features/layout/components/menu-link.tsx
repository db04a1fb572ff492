import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { isBackOfficePath } from '../../../lib/paths';
import { isExternalUrl } from '../footer-rules';

export interface MenuLinkProps {
  url: string;
  /** From settings; when absent, decided by the URL's shape. */
  external?: boolean;
  target?: '_self' | '_blank';
  className?: string;
  children: ReactNode;
  onClick?: () => void;
}

/** External menu entries are plain links, internal ones are in-app links. */
export function MenuLink({ url, external, target = '_self', className, children, onClick }: MenuLinkProps) {
  const isExternal = external ?? isExternalUrl(url);
  if (isExternal) {
    return (
      <a
        href={url}
        target={target}
        rel={target === '_blank' ? 'noopener noreferrer' : undefined}
        className={className}
        onClick={onClick}
      >
        {children}
      </a>
    );
  }
  return (
    <Link
      to={url}
      target={target === '_blank' ? '_blank' : undefined}
      reloadDocument={isBackOfficePath(url)}
      className={className}
      onClick={onClick}
    >
      {children}
    </Link>
  );
}
