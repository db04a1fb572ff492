import type { TicketAttachment } from '@shop/contracts/support';
import { Icon } from '../../../components/ui/icons';
import { useT } from '../../../lib/i18n';

/**
 * The files a shopper attached to a support ticket, each opening in a new tab (images) or
 * downloading (PDF). The shopper's ticket page and the operator's ticket panel show the same list;
 * each reply gives the address its reader may fetch the file from.
 */
export function TicketAttachments({ files }: { files: readonly TicketAttachment[] }) {
  const t = useT();
  if (files.length === 0) return null;
  return (
    <div className="pt-2" data-testid="ticket-attachments">
      <h2 className="mb-1 text-sm font-semibold text-slate-800">{t('Attachments')}</h2>
      <ul className="flex flex-wrap gap-2">
        {files.map((file) => (
          <li key={file.id} className="min-w-0 max-w-full">
            <a
              href={file.url}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex max-w-60 items-center gap-1 rounded-lg border border-slate-200 px-3 py-1.5 text-sm text-primary-700 hover:bg-primary-50"
            >
              <Icon name="document" className="size-4 shrink-0" />
              <span className="truncate">{file.name}</span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
