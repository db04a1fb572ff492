import type { ChatConversation } from '@shop/contracts/chat';
import { CHAT_OLDER_THRESHOLD_PAGE_PX, CHAT_SEARCH_DEBOUNCE_MS } from '@shop/contracts/constants';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import {
  ConversationsPane,
  NoConversationSelected,
  useDebounced,
} from '../../../entities/chat/components/conversation-list';
import { useApi } from '../../../lib/api-context';
import { useT } from '../../../lib/i18n';
import { chatMessagesQueryKey, chatShopsQueryOptions, markConversationRead } from '../api/chat';
import { useChatStore } from '../stores/chat-store';
import { ChatThread } from './chat-thread';

/**
 * /massages: the conversations with "Search Seller" on one side, the
 * selected conversation on the other; on a phone the list, then the conversation with a way back.
 */
export function MessagesPage() {
  const t = useT();
  const api = useApi();
  const client = useQueryClient();
  const activeShop = useChatStore((s) => s.activeShop);
  const setActiveShop = useChatStore((s) => s.setActiveShop);
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim(), CHAT_SEARCH_DEBOUNCE_MS);
  const shops = useInfiniteQuery(chatShopsQueryOptions(api, term));
  const titleId = useId();
  const searchId = useId();

  const select = (item: ChatConversation) => {
    // Its unread count clears, it becomes active, and its messages start at page 1.
    markConversationRead(client, item.shop.id);
    client.removeQueries({ queryKey: [...chatMessagesQueryKey, item.shop.id] });
    setActiveShop({ id: item.shop.id, name: item.shop.name, logo: item.shop.logo || null });
  };

  return (
    <div className="grid h-[calc(100dvh-12rem)] min-h-[28rem] overflow-hidden rounded-2xl border border-slate-200 bg-white lg:grid-cols-[20rem_1fr]">
      <ConversationsPane
        side="user"
        id={searchId}
        title={t('Message')}
        searchLabel={t('Search Seller')}
        search={search}
        onSearch={setSearch}
        query={shops}
        activeId={activeShop?.id ?? null}
        onSelect={select}
        hiddenOnPhone={activeShop !== null}
      />
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
          <NoConversationSelected titleId={`${titleId}-empty`} />
        )}
      </section>
    </div>
  );
}
