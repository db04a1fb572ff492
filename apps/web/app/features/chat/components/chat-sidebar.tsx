import { CHAT_OLDER_THRESHOLD_SIDEBAR_PX, CHAT_SIDEBAR_HEIGHT_VH } from '@shop/contracts/constants';
import { useEffect, useId, useRef } from 'react';
import type { ChatShopRef } from '../stores/chat-store';
import { ChatThread } from './chat-thread';

/**
 * RightChatSidebar: a panel at the inline end, 70% of the screen high, with
 * one conversation. Not modal: the page stays usable behind it. Focus goes to "Type a message"
 * when it opens and back to what opened it when it closes; Escape closes it.
 */
export function ChatSidebar({ shop, onClose }: { shop: ChatShopRef; onClose: () => void }) {
  const titleId = useId();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    input.current?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);
  return (
    <section
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.stopPropagation();
        onClose();
      }}
      style={{ height: `${CHAT_SIDEBAR_HEIGHT_VH}vh` }}
      className="fixed bottom-0 end-0 z-40 flex w-full flex-col overflow-hidden rounded-t-2xl border border-slate-200 bg-white shadow-2xl sm:end-4 sm:w-96"
    >
      <ChatThread
        shop={shop}
        olderThresholdPx={CHAT_OLDER_THRESHOLD_SIDEBAR_PX}
        titleId={titleId}
        inputRef={input}
        onClose={onClose}
      />
    </section>
  );
}
