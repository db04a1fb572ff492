import type { ChatMessage, ChatSenderType } from '@shop/contracts/chat';
import { LOADING_LOCK_RELEASE_MS } from '@shop/contracts/constants';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { type KeyboardEvent, type Ref, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Avatar } from '../../../components/ui/avatar';
import { Icon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { useT } from '../../../lib/i18n';
import { ChatBubble, type PendingChatMessage } from './chat-message';

/** A page of a conversation as get-message and the seller's messages call answer it (newest first). */
export interface ChatMessagesPage {
  total: number;
  data: ChatMessage[];
}

export interface ChatThreadViewProps {
  /** Who reads: the shopper (`user`) or the shop's seller (`shop`). */
  side: ChatSenderType;
  /** The other side: the shop for a shopper, the shopper for a seller. */
  peer: { name: string; picture: string | null };
  /** The conversation's pages (the feature's infinite query). */
  query: UseInfiniteQueryResult<InfiniteData<ChatMessagesPage>>;
  /** Posts a message and reloads what shows it; a rejection means it was not sent. */
  onSend: (message: string) => Promise<unknown>;
  /** Older messages load when scrolled this close to the top (50 px sidebar, 300 px page). */
  olderThresholdPx: number;
  /** The heading's id, for the region or dialog around the thread. */
  titleId: string;
  inputRef?: Ref<HTMLInputElement>;
  /** The sidebar's close button. */
  onClose?: () => void;
  /** The messages page's way back to the list (phone width). */
  onBack?: () => void;
}

/** Oldest first, each message once (pages shift while new messages arrive). */
function inOrder(pages: readonly ChatMessagesPage[] | undefined): ChatMessage[] {
  const seen = new Set<number>();
  const out: ChatMessage[] = [];
  for (const page of [...(pages ?? [])].reverse()) {
    for (const message of [...page.data].reverse()) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      out.push(message);
    }
  }
  return out;
}

/**
 * One conversation, for the shopper (the sidebar, /massages) and the seller (/shop/messages) alike
 * header with the other side's picture, name and Online/Offline,
 * the bubbles oldest first with older pages loaded near the top (keeping the scroll position), and
 * "Type a message" where Enter sends and Shift+Enter does nothing.
 */
export function ChatThreadView({
  side,
  peer,
  query,
  onSend,
  olderThresholdPx,
  titleId,
  inputRef,
  onClose,
  onBack,
}: ChatThreadViewProps) {
  const t = useT();
  const [text, setText] = useState('');
  const [pending, setPending] = useState<PendingChatMessage[]>([]);
  const scroller = useRef<HTMLDivElement>(null);
  /** Where the view was when an older page was asked for: restored once it is drawn above. */
  const keepFrom = useRef<{ height: number; top: number } | null>(null);
  const lockedUntil = useRef(0);

  const messages = useMemo(() => inOrder(query.data?.pages), [query.data]);
  const online = messages.some((m) => (side === 'user' ? m.shop_active_status : m.user_active_status));
  const pageCount = query.data?.pages.length ?? 0;
  const newestId = messages.at(-1)?.id;

  // An older page was drawn above: the messages being read stay where they were.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page is the trigger.
  useLayoutEffect(() => {
    const el = scroller.current;
    const from = keepFrom.current;
    if (!el || !from) return;
    keepFrom.current = null;
    el.scrollTop = el.scrollHeight - from.height + from.top;
  }, [pageCount]);

  // A newer message (loaded, received or being sent): the view goes to the bottom.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the newest message is the trigger.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || keepFrom.current) return;
    el.scrollTop = el.scrollHeight;
  }, [newestId, pending.length]);

  const onScroll = () => {
    const el = scroller.current;
    if (!el || el.scrollTop >= olderThresholdPx) return;
    if (!query.hasNextPage || query.isFetchingNextPage || Date.now() < lockedUntil.current) return;
    lockedUntil.current = Date.now() + LOADING_LOCK_RELEASE_MS;
    keepFrom.current = { height: el.scrollHeight, top: el.scrollTop };
    void query.fetchNextPage().then((result) => {
      if (result.isError) keepFrom.current = null;
    });
  };

  const submit = async () => {
    const message = text.trim();
    if (!message) return;
    // The input clears and the message shows at once, then it is posted.
    setText('');
    const local: PendingChatMessage = {
      id: `pending-${Date.now()}-${Math.random()}`,
      message,
      created_at: new Date().toISOString(),
    };
    setPending((list) => [...list, local]);
    try {
      await onSend(message);
    } catch {
      // A failed send shows no message; the input is already clear.
    } finally {
      setPending((list) => list.filter((item) => item.id !== local.id));
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    // Enter sends; Shift+Enter does nothing.
    event.preventDefault();
    if (!event.shiftKey) void submit();
  };

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <header className="flex shrink-0 items-center gap-3 border-b border-slate-200 px-4 py-3">
        {onBack ? (
          <button
            type="button"
            onClick={onBack}
            aria-label={t('Back to conversations')}
            className="-ms-1 rounded-lg p-1.5 text-slate-600 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary-500 lg:hidden"
          >
            <Icon name="chevronEnd" className="size-5 rotate-180 rtl:rotate-0" />
          </button>
        ) : null}
        <Avatar
          src={peer.picture}
          name={peer.name}
          size={40}
          className="size-10 rounded-full bg-primary-100"
          imageClassName="size-full rounded-full border border-slate-200 object-cover"
          initialClassName="font-bold text-primary-800"
        />
        <div className="min-w-0 flex-1">
          <h2 id={titleId} dir="auto" className="truncate text-start font-semibold text-slate-900">
            {peer.name}
          </h2>
          <p className={`flex items-center gap-1.5 text-xs ${online ? 'text-emerald-700' : 'text-slate-600'}`}>
            <span className={`size-2 rounded-full ${online ? 'bg-emerald-500' : 'bg-slate-400'}`} aria-hidden="true" />
            {online ? t('Online') : t('Offline')}
          </p>
        </div>
        {onClose ? (
          <button
            type="button"
            onClick={onClose}
            aria-label={t('Close chat')}
            className="rounded-lg p-1.5 text-slate-600 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary-500"
          >
            <Icon name="close" className="size-5" />
          </button>
        ) : null}
      </header>
      <div
        ref={scroller}
        onScroll={onScroll}
        role="log"
        aria-live="polite"
        aria-label={t('Messages')}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable from the keyboard.
        tabIndex={0}
        className="min-h-0 flex-1 overflow-y-auto overscroll-contain bg-slate-50 px-3 py-3 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-primary-500"
      >
        {query.isFetchingNextPage ? (
          <div className="flex justify-center py-2 text-primary-600">
            <Spinner className="size-5" label={t('Loading')} />
          </div>
        ) : null}
        {query.isPending ? (
          <div className="flex h-full items-center justify-center text-primary-600">
            <Spinner className="size-6" label={t('Loading')} />
          </div>
        ) : messages.length === 0 && pending.length === 0 ? (
          <p className="py-10 text-center text-sm text-slate-600">{t('No messages yet')}</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {messages.map((message) => (
              <ChatBubble key={message.id} message={message} side={side} />
            ))}
            {pending.map((message) => (
              <ChatBubble key={message.id} message={message} side={side} pending />
            ))}
          </ul>
        )}
      </div>
      <form
        className="flex shrink-0 items-center gap-2 border-t border-slate-200 p-3"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <input
          ref={inputRef}
          type="text"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={t('Type a message')}
          aria-label={t('Type a message')}
          autoComplete="off"
          dir="auto"
          className="min-w-0 flex-1 rounded-full border border-slate-300 bg-white px-4 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus:border-primary-500 focus:outline-none focus:ring-2 focus:ring-primary-200"
        />
        <button
          type="submit"
          aria-label={t('Send')}
          disabled={pending.length > 0}
          className="rounded-full bg-primary-700 p-2.5 text-white hover:bg-primary-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary-500 focus-visible:ring-offset-2 disabled:opacity-60"
        >
          <Icon name="chevronEnd" className="size-4 rtl:rotate-180" />
        </button>
      </form>
    </div>
  );
}
