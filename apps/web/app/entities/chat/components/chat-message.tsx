import type { ChatMessage, ChatProduct, ChatSenderType } from '@shop/contracts/chat';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { Img } from '../../../components/ui/img';
import { Price } from '../../../components/ui/price';
import { Stars } from '../../../components/ui/stars';
import { useT } from '../../../lib/i18n';
import { useMarketTime } from '../../../lib/market-time';
import { paths } from '../../../lib/paths';
import { ChatText } from './chat-text';

/** A message shown before the server has it (sending: appended at once). */
export interface PendingChatMessage {
  id: string;
  message: string;
  created_at: string;
}

/** The discount price when above 0, else the price. */
export function chatProductPrice(product: Pick<ChatProduct, 'price' | 'discount_price'>): number {
  return product.discount_price > 0 ? product.discount_price : product.price;
}

/** A product asked about: thumbnail, name, price, rating and review count. */
export function ChatProductCard({ product }: { product: ChatProduct }) {
  const t = useT();
  return (
    <Link
      to={paths.product(product.slug)}
      className="flex w-60 max-w-full items-center gap-3 rounded-xl border border-slate-200 bg-white p-2 text-slate-900 hover:border-primary-400"
    >
      <Img
        src={product.thumbnail}
        alt=""
        width={56}
        height={56}
        className="size-14 shrink-0 rounded-lg bg-slate-100 object-cover"
      />
      <span className="flex min-w-0 flex-col gap-0.5 text-start">
        <span dir="auto" className="line-clamp-2 text-sm font-medium">
          {product.name}
        </span>
        <Price amount={chatProductPrice(product)} className="text-sm font-bold text-primary-700" />
        <span className="flex items-center gap-1 text-xs text-slate-600">
          <Stars rating={product.rating} small />
          <span>{product.rating.toFixed(1)}</span>
          <span>({t('{{count}} reviews', { count: product.total_reviews })})</span>
        </span>
      </span>
    </Link>
  );
}

/**
 * One bubble: the reader's own at the inline end, the other side's at the start with its picture.
 * `side` is who reads: the shopper (`user`, the shop's logo beside its answers) or the seller
 * (`shop`, the shopper's photo beside theirs).
 */
export function ChatBubble({
  message,
  side = 'user',
  pending = false,
}: {
  message: ChatMessage | PendingChatMessage;
  side?: ChatSenderType;
  pending?: boolean;
}) {
  const t = useT();
  const full = 'type' in message ? message : null;
  const mine = !full || full.type === side;
  const time = useMarketTime().format(message.created_at, 'chat');
  const other = full
    ? side === 'user'
      ? { src: full.shop.logo, name: full.shop.name }
      : { src: full.user.profile_photo, name: full.user.name }
    : null;
  return (
    <li className={`flex items-end gap-2 ${mine ? 'flex-row-reverse' : ''}`} aria-busy={pending || undefined}>
      {other && !mine ? (
        <Avatar
          src={other.src}
          name={other.name}
          size={28}
          className="size-7 rounded-full bg-primary-100"
          imageClassName="size-full rounded-full object-cover"
          initialClassName="text-xs font-bold text-primary-800"
        />
      ) : null}
      <div className={`flex max-w-[80%] flex-col gap-1 ${mine ? 'items-end' : 'items-start'}`}>
        {full?.product ? <ChatProductCard product={full.product} /> : null}
        {message.message ? (
          <p
            dir="auto"
            className={`whitespace-pre-wrap break-words rounded-2xl px-3 py-2 text-sm ${
              mine ? 'rounded-ee-sm bg-primary-700 text-white' : 'rounded-es-sm bg-slate-100 text-slate-900'
            } ${pending ? 'opacity-70' : ''}`}
          >
            <ChatText message={message.message} />
          </p>
        ) : null}
        <span className="text-[11px] text-slate-600">
          {pending ? t('Sending…') : <time dateTime={message.created_at}>{time}</time>}
        </span>
      </div>
    </li>
  );
}
