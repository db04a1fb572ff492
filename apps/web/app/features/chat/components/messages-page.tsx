import type { ChatConversation } from '@shop/contracts/chat';
import {
  CHAT_OLDER_THRESHOLD_PAGE_PX,
  CHAT_SEARCH_DEBOUNCE_MS,
  CHAT_SHOP_LIST_LOAD_MORE_PX,
  CHAT_SHOP_LIST_SCROLLED_PAST_PX,
  LOADING_LOCK_RELEASE_MS,
} from '@shop/contracts/constants';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/ui/avatar';
import { Icon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { useApi } from '../../../lib/api-context';
import { chatMessagesQueryKey, chatShopsQueryOptions, markConversationRead } from '../api/chat';
import { useChatStore } from '../stores/chat-store';
import { ChatThread } from './chat-thread';

/** The search text, once the shopper stopped typing for `delay` ms (spec section 9: 500 ms). */
function useDebounced(value: string, delay: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * /massages (spec section 2 "Chat"): the conversations with "Search Seller" on one side, the
 * selected conversation on the other; on a phone the list, then the conversation with a way back.
 */
export function MessagesPage() {
  const { t } = useTranslation();
  const api = useApi();
  const client = useQueryClient();
  const activeShop = useChatStore((s) => s.activeShop);
  const setActiveShop = useChatStore((s) => s.setActiveShop);
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim(), CHAT_SEARCH_DEBOUNCE_MS);
  const shops = useInfiniteQuery(chatShopsQueryOptions(api, term));
  const list = useRef<HTMLDivElement>(null);
  const lockedUntil = useRef(0);
  const titleId = useId();
  const searchId = useId();

  const conversations = shops.data?.pages.flatMap((page) => page.data) ?? [];

  const onListScroll = () => {
    const el = list.current;
    if (!el || el.scrollTop <= CHAT_SHOP_LIST_SCROLLED_PAST_PX) return;
    if (el.scrollHeight - el.scrollTop - el.clientHeight >= CHAT_SHOP_LIST_LOAD_MORE_PX) return;
    if (!shops.hasNextPage || shops.isFetchingNextPage || Date.now() < lockedUntil.current) return;
    lockedUntil.current = Date.now() + LOADING_LOCK_RELEASE_MS;
    void shops.fetchNextPage();
  };

  const select = (item: ChatConversation) => {
    // Spec section 4: its unread count clears, it becomes active, and its messages start at page 1.
    markConversationRead(client, item.shop.id);
    client.removeQueries({ queryKey: [...chatMessagesQueryKey, item.shop.id] });
    setActiveShop({ id: item.shop.id, name: item.shop.name, logo: item.shop.logo || null });
  };

  return (
    <div className="grid h-[calc(100dvh-12rem)] min-h-[28rem] overflow-hidden rounded-2xl border border-slate-200 bg-white lg:grid-cols-[20rem_1fr]">
      <section
        aria-labelledby={`${searchId}-title`}
        className={`min-h-0 flex-col border-e border-slate-200 ${activeShop ? 'hidden lg:flex' : 'flex'}`}
      >
        <h1 id={`${searchId}-title`} className="px-4 pt-4 text-lg font-bold text-slate-900">
          {t('Message')}
        </h1>
        <div className="relative p-3">
          <label htmlFor={searchId} className="sr-only">
            {t('Search Seller')}
          </label>
          <Icon
            name="search"
            className="pointer-events-none absolute start-6 top-1/2 size-4 -translate-y-1/2 text-slate-500"
          />
          <input
            id={searchId}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t('Search Seller')}
            autoComplete="off"
            className="w-full rounded-full border border-slate-300 py-2 pe-3 ps-9 text-sm text-slate-900 placeholder:text-slate-500 focus:border-primary-500 focus:outline-none focus:ring-2 focus:ring-primary-200"
          />
        </div>
        <div ref={list} onScroll={onListScroll} className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
          {shops.isPending ? (
            <div className="flex justify-center py-8 text-primary-600">
              <Spinner className="size-6" label={t('Loading')} />
            </div>
          ) : conversations.length === 0 ? (
            <p className="px-4 py-8 text-center text-sm text-slate-600">{t('No conversations yet')}</p>
          ) : (
            <ul aria-label={t('Conversations')}>
              {conversations.map((item) => (
                <li key={item.id}>
                  <ConversationRow item={item} active={activeShop?.id === item.shop.id} onSelect={() => select(item)} />
                </li>
              ))}
            </ul>
          )}
          {shops.isFetchingNextPage ? (
            <div className="flex justify-center py-3 text-primary-600">
              <Spinner className="size-5" label={t('Loading')} />
            </div>
          ) : null}
        </div>
      </section>
      <section
        aria-labelledby={activeShop ? titleId : `${titleId}-empty`}
        className={`min-h-0 flex-col ${activeShop ? 'flex' : 'hidden lg:flex'}`}
      >
        {activeShop ? (
          <ChatThread
            key={activeShop.id}
            shop={activeShop}
            olderThresholdPx={CHAT_OLDER_THRESHOLD_PAGE_PX}
            titleId={titleId}
            onBack={() => setActiveShop(null)}
          />
        ) : (
          <div className="flex flex-1 flex-col items-center justify-center gap-2 p-8 text-center">
            <span className="flex size-16 items-center justify-center rounded-full bg-primary-50 text-primary-600">
              <Icon name="chat" className="size-8" />
            </span>
            <h2 id={`${titleId}-empty`} className="font-semibold text-slate-900">
              {t('No User Selected')}
            </h2>
            <p className="text-sm text-slate-600">{t('Please select a user to see their messages')}</p>
          </div>
        )}
      </section>
    </div>
  );
}

function ConversationRow({
  item,
  active,
  onSelect,
}: {
  item: ChatConversation;
  active: boolean;
  onSelect: () => void;
}) {
  const { t } = useTranslation();
  const unread = item.unread_message_user;
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-current={active || undefined}
      className={`flex w-full items-center gap-3 px-4 py-3 text-start transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-primary-500 ${
        active ? 'bg-primary-50' : 'hover:bg-slate-50'
      }`}
    >
      <span className="relative">
        <Avatar
          src={item.shop.logo}
          name={item.shop.name}
          size={44}
          className="size-11 rounded-full bg-primary-100"
          imageClassName="size-full rounded-full border border-slate-200 object-cover"
          initialClassName="font-bold text-primary-800"
        />
        {item.shop.last_online ? (
          <span className="absolute bottom-0 end-0 size-3 rounded-full border-2 border-white bg-emerald-500">
            <span className="sr-only">{t('Online')}</span>
          </span>
        ) : null}
      </span>
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="flex items-center gap-2">
          <span dir="auto" className="min-w-0 flex-1 truncate font-semibold text-slate-900">
            {item.shop.name}
          </span>
          {item.last_message_time ? (
            <span className="shrink-0 text-xs text-slate-600">{item.last_message_time}</span>
          ) : null}
        </span>
        <span className="flex items-center gap-2">
          <span dir="auto" className="min-w-0 flex-1 truncate text-sm text-slate-600">
            {item.last_message ?? ''}
          </span>
          {unread > 0 ? (
            <span className="shrink-0 rounded-full bg-rose-600 px-2 py-0.5 text-xs font-semibold text-white">
              <span className="sr-only">{t('Unread messages')}: </span>
              {unread > 99 ? '99+' : unread}
            </span>
          ) : null}
        </span>
      </span>
    </button>
  );
}
