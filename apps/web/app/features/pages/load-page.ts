import { dehydrate } from '@tanstack/react-query';
import { data } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { apiFromRequest } from '../../lib/api-context';
import { makeServerQueryClient } from '../../lib/query-client';
import { pageQueryOptions } from './api/pages';

/**
 * Loader of the policy and CMS pages: 404 for an unknown slug; any other failure renders the
 * page's error state with "Try again" instead.
 */
export async function loadContentPage(request: Request, context: { apiOrigin?: string } | undefined, slug: string) {
  const client = makeServerQueryClient();
  try {
    const page = await client.fetchQuery(pageQueryOptions(apiFromRequest(request, context), slug));
    return { slug, page, dehydratedState: dehydrate(client) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw data(null, { status: 404 });
    return { slug, page: null, dehydratedState: undefined };
  }
}

/** The first paragraph's text of a page, for its meta description. */
export function summaryOf(html: string, max = 160): string {
  const paragraph = /<p[^>]*>([\s\S]*?)<\/p>/i.exec(html)?.[1] ?? html;
  const text = paragraph
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&nbsp;/g, ' ')
    .replace(/&(lt|gt|quot|#39);/g, (_, e: string) => ({ lt: '<', gt: '>', quot: '"', '#39': "'" })[e] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}
