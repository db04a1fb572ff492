import { CHAT_TIME_FORMAT } from '@shop/contracts/constants';
import dayjs from 'dayjs';
import 'dayjs/locale/ar';
import 'dayjs/locale/id';

/** "hh:mm a, DD MMM, YYYY" (spec section 9) in the page's language, in the shopper's time zone. */
export function formatChatTime(iso: string, language: string): string {
  const date = dayjs(iso);
  if (!date.isValid()) return '';
  return date.locale(language || 'en').format(CHAT_TIME_FORMAT);
}
