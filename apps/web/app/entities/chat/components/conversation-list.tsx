import type { ChatConversation, ChatSenderType } from '@shop/contracts/chat';
import {
  CHAT_SHOP_LIST_LOAD_MORE_PX,
  CHAT_SHOP_LIST_SCROLLED_PAST_PX,
  LOADING_LOCK_RELEASE_MS,
} from '@shop/contracts/constants';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Avatar } from '../../../components/ui/avatar';
import { Icon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { useT } from '../../../lib/i18n';

/** A page of conversations as get-shops and the seller's conversations call answer it. */
export interface ConversationsPage {
  total: number;
  data: ChatConversation[];
}

/** The search text, once typing stopped for `delay` ms (500 ms). */
export function useDebounced(value: string, delay: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/** The other side of a conversation for its reader: the shop for a shopper, the shopper for a seller. */
export function conversationPeer(item: ChatConversation, side: ChatSenderType) {
  return side === 'user'
    ? { id: item.shop.id, name: item.shop.name, picture: item.shop.logo || null, online: item.shop.last_online }
    : { id: item.user.id, name: item.user.name, picture: item.user.profile_photo, online: item.user.last_online };
}

/** Messages of the other side its reader has not seen. */
export function conversationUnread(item: ChatConversation, side: ChatSenderType): number {
  return side === 'user' ? item.unread_message_user : item.unread_message_shop;
}

export interface ConversationsPaneProps {
  side: ChatSenderType;
  /** The pane's heading ("Message", "Inbox"). */
  title: string;
  /** The search box's label and placeholder ("Search Seller", "Search Customer"). */
  searchLabel: string;
  search: string;
  onSearch: (value: string) => void;
  query: UseInfiniteQueryResult<InfiniteData<ConversationsPage>>;
  /** The selected conversation's other side (shop id or user id). */
  activeId: number | null;
  onSelect: (item: ChatConversation) => void;
  /** Hidden at phone width while a conversation is open (the two stack). */
  hiddenOnPhone: boolean;
  id: string;
}

/**
 * The conversation list of /massages and /shop/messages: heading, search,
 * one row a conversation, more loaded under 300 px from the end once scrolled past 400 px.
 */
export function ConversationsPane({
  side,
  title,
  searchLabel,
  search,
  onSearch,
  query,
  activeId,
  onSelect,
  hiddenOnPhone,
  id,
}: ConversationsPaneProps) {
  const t = useT();
  const list = useRef<HTMLDivElement>(null);
  const lockedUntil = useRef(0);
  const conversations = query.data?.pages.flatMap((page) => page.data) ?? [];

  const onListScroll = () => {
    const el = list.current;
    if (!el || el.scrollTop <= CHAT_SHOP_LIST_SCROLLED_PAST_PX) return;
    if (el.scrollHeight - el.scrollTop - el.clientHeight >= CHAT_SHOP_LIST_LOAD_MORE_PX) return;
    if (!query.hasNextPage || query.isFetchingNextPage || Date.now() < lockedUntil.current) return;
    lockedUntil.current = Date.now() + LOADING_LOCK_RELEASE_MS;
    void query.fetchNextPage();
  };

  return (
    <section
      aria-labelledby={`${id}-title`}
      // min-w-0: a long last message is cut to the pane's width, never widening the page to fit it.
      className={`min-h-0 min-w-0 flex-col border-e border-slate-200 ${hiddenOnPhone ? 'hidden lg:flex' : 'flex'}`}
    >
      <h1 id={`${id}-title`} className="px-4 pt-4 text-lg font-bold text-slate-900">
        {title}
      </h1>
      <div className="relative p-3">
        <label htmlFor={id} className="sr-only">
          {searchLabel}
        </label>
        <Icon
          name="search"
          className="pointer-events-none absolute start-6 top-1/2 size-4 -translate-y-1/2 text-slate-500"
        />
        <input
          id={id}
          type="search"
          value={search}
          onChange={(event) => onSearch(event.target.value)}
          placeholder={searchLabel}
          autoComplete="off"
          className="w-full rounded-full border border-slate-300 py-2 pe-3 ps-9 text-sm text-slate-900 placeholder:text-slate-500 focus:border-primary-500 focus:outline-none focus:ring-2 focus:ring-primary-200"
        />
      </div>
      <div ref={list} onScroll={onListScroll} className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
        {query.isPending ? (
          <div className="flex justify-center py-8 text-primary-600">
            <Spinner className="size-6" label={t('Loading')} />
          </div>
        ) : conversations.length === 0 ? (
          <p className="px-4 py-8 text-center text-sm text-slate-600">{t('No conversations yet')}</p>
        ) : (
          <ul aria-label={t('Conversations')}>
            {conversations.map((item) => (
              <li key={item.id}>
                <ConversationRow
                  item={item}
                  side={side}
                  active={activeId === conversationPeer(item, side).id}
                  onSelect={() => onSelect(item)}
                />
              </li>
            ))}
          </ul>
        )}
        {query.isFetchingNextPage ? (
          <div className="flex justify-center py-3 text-primary-600">
            <Spinner className="size-5" label={t('Loading')} />
          </div>
        ) : null}
      </div>
    </section>
  );
}

export function ConversationRow({
  item,
  side,
  active,
  onSelect,
}: {
  item: ChatConversation;
  side: ChatSenderType;
  active: boolean;
  onSelect: () => void;
}) {
  const t = useT();
  const peer = conversationPeer(item, side);
  const unread = conversationUnread(item, side);
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
          src={peer.picture}
          name={peer.name}
          size={44}
          className="size-11 rounded-full bg-primary-100"
          imageClassName="size-full rounded-full border border-slate-200 object-cover"
          initialClassName="font-bold text-primary-800"
        />
        {peer.online ? (
          <span className="absolute bottom-0 end-0 size-3 rounded-full border-2 border-white bg-emerald-500">
            <span className="sr-only">{t('Online')}</span>
          </span>
        ) : null}
      </span>
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="flex items-center gap-2">
          <span dir="auto" className="min-w-0 flex-1 truncate font-semibold text-slate-900">
            {peer.name}
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

/** The conversation side before one is chosen (spec: "No User Selected"). */
export function NoConversationSelected({ titleId }: { titleId: string }) {
  const t = useT();
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-2 p-8 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-primary-50 text-primary-600">
        <Icon name="chat" className="size-8" />
      </span>
      <h2 id={titleId} className="font-semibold text-slate-900">
        {t('No User Selected')}
      </h2>
      <p className="text-sm text-slate-600">{t('Please select a user to see their messages')}</p>
    </div>
  );
}
