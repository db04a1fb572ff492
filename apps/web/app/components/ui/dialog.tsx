import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { DIALOG_TRANSITION } from '@shop/contracts/constants';
import type { CSSProperties, ReactNode } from 'react';
import { useT } from '../../lib/i18n';
import { useHydrated } from './hydrated';
import { Icon } from './icons';

export type DialogPlacement = 'center' | 'start' | 'end' | 'top';

export interface AppDialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** Hide the title visually but keep it for screen readers. */
  hideTitle?: boolean;
  placement?: DialogPlacement;
  className?: string;
  children: ReactNode;
}

/** Dialogs open in 300 ms and close in 200 ms. */
const timing = {
  '--dialog-open': `${DIALOG_TRANSITION.openMs}ms`,
  '--dialog-close': `${DIALOG_TRANSITION.closeMs}ms`,
} as CSSProperties;

const PANEL: Record<DialogPlacement, { wrap: string; panel: string }> = {
  center: {
    wrap: 'items-center justify-center p-4',
    panel: 'w-full max-w-md rounded-2xl data-closed:scale-95 data-closed:opacity-0',
  },
  start: {
    wrap: 'justify-start',
    panel: 'h-full w-[min(22rem,88vw)] overflow-y-auto data-closed:-translate-x-full rtl:data-closed:translate-x-full',
  },
  /** A side panel at the inline end (the cart drawer): its content lays out its own scrolling. */
  end: {
    wrap: 'justify-end',
    panel: 'flex h-full w-[min(26rem,100vw)] flex-col data-closed:translate-x-full rtl:data-closed:-translate-x-full',
  },
  top: {
    wrap: 'items-start justify-center',
    panel: 'w-full rounded-b-2xl data-closed:-translate-y-full',
  },
};

/** The one modal of the app: focus trapped, Escape and backdrop close, labelled by its title. */
export function AppDialog({
  open,
  onClose,
  title,
  hideTitle = false,
  placement = 'center',
  className = '',
  children,
}: AppDialogProps) {
  const t = useT();
  const hydrated = useHydrated();
  const layout = PANEL[placement];
  // A closed dialog renders nothing on the server; it mounts once the page is interactive (./hydrated.tsx).
  if (!hydrated) return null;
  return (
    // The root covers the viewport as its backdrop does: sized, so it is seen as visible while open.
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-50" transition style={timing}>
      <div
        aria-hidden="true"
        className="fixed inset-0 bg-slate-900/50 backdrop-blur-[2px] transition-opacity ease-out data-closed:opacity-0 data-enter:duration-(--dialog-open) data-leave:duration-(--dialog-close)"
      />
      <div className={`fixed inset-0 flex ${layout.wrap}`}>
        <DialogPanel
          transition
          className={`relative bg-white shadow-panel transition ease-out data-enter:duration-(--dialog-open) data-leave:duration-(--dialog-close) ${layout.panel} ${className}`}
        >
          <div className="flex items-center justify-between gap-3 border-b border-slate-100 px-5 py-4">
            <DialogTitle className={hideTitle ? 'sr-only' : 'text-lg font-semibold text-slate-900'}>
              {title}
            </DialogTitle>
            <button
              type="button"
              onClick={onClose}
              className="-me-2 ms-auto rounded-full p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
              aria-label={t('Close')}
            >
              <Icon name="close" />
            </button>
          </div>
          {children}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
