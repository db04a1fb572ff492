import { useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { AppDialog } from '../../../components/ui/dialog';
import { useT } from '../../../lib/i18n';

export interface WishlistRemoveDialogProps {
  /** The product to remove; null keeps the dialog closed. */
  product: { id: number; name: string } | null;
  removing: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** The "favourite remove" modal: a confirmation before a product leaves the wishlist. */
export function WishlistRemoveDialog({ product, removing, onConfirm, onClose }: WishlistRemoveDialogProps) {
  const t = useT();
  // Keeps the name on screen while the dialog fades out after `product` became null.
  const last = useRef(product);
  if (product) last.current = product;
  return (
    <AppDialog open={product !== null} onClose={removing ? () => {} : onClose} title={t('Remove from wishlist')}>
      <div className="flex flex-col gap-5 px-5 py-5">
        <p className="text-sm text-slate-600">
          {t('Are you sure you want to remove {{name}} from your wishlist?', { name: last.current?.name ?? '' })}
        </p>
        <div className="flex justify-end gap-3">
          <Button variant="outline" onClick={onClose} disabled={removing}>
            {t('Cancel')}
          </Button>
          <Button onClick={onConfirm} loading={removing} className="bg-rose-600 hover:bg-rose-700">
            {t('Remove')}
          </Button>
        </div>
      </div>
    </AppDialog>
  );
}
