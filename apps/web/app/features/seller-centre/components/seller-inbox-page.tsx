import type { ChatConversation } from '@shop/contracts/chat';
import { CHAT_OLDER_THRESHOLD_PAGE_PX, CHAT_SEARCH_DEBOUNCE_MS } from '@shop/contracts/constants';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { ChatThreadView } from '../../../entities/chat/components/chat-thread-view';
import {
  ConversationsPane,
  conversationPeer,
  NoConversationSelected,
  useDebounced,
} from '../../../entities/chat/components/conversation-list';
import { useApi } from '../../../lib/api-context';
import { useT } from '../../../lib/i18n';
import {
  markSellerConversationRead,
  reloadSellerMessages,
  sellerConversationsQueryKey,
  sellerConversationsQueryOptions,
  sellerMessagesQueryKey,
  sellerMessagesQueryOptions,
  sellerUnreadQueryKey,
  sendSellerMessage,
} from '../api/seller-chat';

/** The shopper a conversation is with. */
export interface InboxPeer {
  id: number;
  name: string;
  picture: string | null;
}

/**
 * /shop/messages: the shop's conversations with "Search Customer" on one side, the selected one
 * on the other (the shopper's bubbles and product cards, answered as the shop); on a phone the
 * list, then the conversation with a way back. Live through useSellerChatLive in the layout.
 */
export function SellerInboxPage() {
  const t = useT();
  const api = useApi();
  const client = useQueryClient();
  const [active, setActive] = useState<InboxPeer | null>(null);
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim(), CHAT_SEARCH_DEBOUNCE_MS);
  const conversations = useInfiniteQuery(sellerConversationsQueryOptions(api, term));
  const titleId = useId();
  const searchId = useId();

  const select = (item: ChatConversation) => {
    const peer = conversationPeer(item, 'shop');
    // Its unread count clears, and its messages start at page 1 (the call marks them seen).
    markSellerConversationRead(client, peer.id);
    client.removeQueries({ queryKey: [...sellerMessagesQueryKey, peer.id] });
    setActive({ id: peer.id, name: peer.name, picture: peer.picture });
  };

  return (
    <div className="grid h-[calc(100dvh-10rem)] min-h-[28rem] overflow-hidden rounded-2xl border border-slate-200 bg-white lg:grid-cols-[20rem_1fr]">
      <ConversationsPane
        side="shop"
        id={searchId}
        title={t('Inbox')}
        searchLabel={t('Search Customer')}
        search={search}
        onSearch={setSearch}
        query={conversations}
        activeId={active?.id ?? null}
        onSelect={select}
        hiddenOnPhone={active !== null}
      />
      <section
        aria-labelledby={active ? titleId : `${titleId}-empty`}
        className={`min-h-0 flex-col ${active ? 'flex' : 'hidden lg:flex'}`}
      >
        {active ? (
          <SellerThread key={active.id} peer={active} titleId={titleId} onBack={() => setActive(null)} />
        ) : (
          <NoConversationSelected titleId={`${titleId}-empty`} />
        )}
      </section>
    </div>
  );
}

/** The shop's thread with one shopper: the seller's messages call, send-message as the shop, then a reload. */
function SellerThread({ peer, titleId, onBack }: { peer: InboxPeer; titleId: string; onBack: () => void }) {
  const api = useApi();
  const client = useQueryClient();
  const query = useInfiniteQuery(sellerMessagesQueryOptions(api, peer.id));
  const send = useMutation({ mutationFn: (message: string) => sendSellerMessage(api, { user_id: peer.id, message }) });
  // The first page marked the shopper's messages seen on the server: the list and the count are
  // read again, so a list reload that was under way when the conversation opened (a realtime
  // message) cannot bring the old unread count back.
  const loaded = query.isSuccess;
  useEffect(() => {
    if (!loaded) return;
    void client.invalidateQueries({ queryKey: sellerConversationsQueryKey });
    void client.invalidateQueries({ queryKey: sellerUnreadQueryKey });
  }, [loaded, client]);
  const onSend = async (message: string) => {
    await send.mutateAsync(message);
    await Promise.all([
      reloadSellerMessages(client, peer.id),
      client.invalidateQueries({ queryKey: sellerConversationsQueryKey }),
    ]);
  };
  return (
    <ChatThreadView
      side="shop"
      peer={{ name: peer.name, picture: peer.picture }}
      query={query}
      onSend={onSend}
      olderThresholdPx={CHAT_OLDER_THRESHOLD_PAGE_PX}
      titleId={titleId}
      onBack={onBack}
    />
  );
}
