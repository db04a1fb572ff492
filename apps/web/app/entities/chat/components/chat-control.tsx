import { createContext, type ReactNode, useContext } from 'react';
import { Icon } from '../../../components/ui/icons';
import { useT } from '../../../lib/i18n';

/** The shop a chat opens with (shop id, name, logo), and the product asked about. */
export interface ChatTarget {
  shop: { id: number; name: string; logo: string | null };
  /** Posted as a product card first (store-message with its id). */
  productId?: number | null;
}

/**
 * How the product page, the shop page, the cart drawer and the order page open the chat sidebar.
 * They live in features that may not import the chat feature: the root provides this
 * (layouts/with-chat.tsx), and the button renders only when it is there.
 */
export interface ChatControl {
  /** Signs the visitor in first; then store-message (with the product), then the sidebar opens. */
  openChat: (target: ChatTarget) => void;
  /** True while store-message for this shop runs. */
  isOpening: (shopId: number) => boolean;
}

const ChatControlContext = createContext<ChatControl | null>(null);

export function ChatControlProvider({ value, children }: { value: ChatControl; children: ReactNode }) {
  return <ChatControlContext.Provider value={value}>{children}</ChatControlContext.Provider>;
}

/** The chat's control, or null where none is provided (then no chat button is shown). */
export function useChatControl(): ChatControl | null {
  return useContext(ChatControlContext);
}

/** "Chat" with a shop: opens the chat sidebar (after `onBeforeOpen`, e.g. closing the cart drawer). */
export function ChatWithShopButton({
  target,
  className,
  compact = false,
  onBeforeOpen,
}: {
  target: ChatTarget;
  className?: string;
  /** Icon only (its accessible name stays "Chat with {shop}"). */
  compact?: boolean;
  onBeforeOpen?: () => void;
}) {
  const t = useT();
  const control = useChatControl();
  if (!control) return null;
  const busy = control.isOpening(target.shop.id);
  return (
    <button
      type="button"
      disabled={busy}
      aria-haspopup="dialog"
      aria-label={compact ? t('Chat with {{shop}}', { shop: target.shop.name }) : undefined}
      onClick={() => {
        onBeforeOpen?.();
        control.openChat(target);
      }}
      className={
        className ??
        'inline-flex shrink-0 items-center gap-1.5 rounded-lg border border-primary-700 px-3 py-1.5 text-sm font-medium text-primary-700 hover:bg-primary-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary-500 disabled:opacity-60'
      }
    >
      <Icon name="chat" className="size-4" />
      {compact ? null : t('Chat')}
    </button>
  );
}
