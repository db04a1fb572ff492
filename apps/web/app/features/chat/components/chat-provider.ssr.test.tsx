// @vitest-environment node
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { expect, it, vi } from 'vitest';
import { ChatWithShopButton } from '../../../entities/chat/components/chat-control';
import { createApiClient } from '../../../lib/api-client';
import { ApiProvider } from '../../../lib/api-context';
import { createI18n } from '../../../lib/i18n';
import { ChatProvider } from './chat-provider';
import { realtimeOn, shopRef } from './chat-test-support';

it('renders on the server without touching the browser: the button, no sidebar, no connection', async () => {
  const connect = vi.fn(async () => null);
  const fetchImpl = vi.fn<typeof fetch>();
  const api = createApiClient({ origin: 'http://shop.test', locale: () => 'en', fetch: fetchImpl });
  const routes = [
    {
      path: '*',
      element: (
        <QueryClientProvider client={new QueryClient()}>
          <ApiProvider client={api}>
            <I18nextProvider i18n={createI18n('en', {})}>
              <ChatProvider
                userId={5}
                realtime={realtimeOn}
                onLoginRequired={() => {}}
                subscribeLoggedOut={() => () => {}}
                connect={connect}
              >
                <ChatWithShopButton target={{ shop: shopRef }} />
              </ChatProvider>
            </I18nextProvider>
          </ApiProvider>
        </QueryClientProvider>
      ),
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request('http://shop.test/products/kopi/details'));
  if (context instanceof Response) throw new Error('unexpected redirect');
  const html = renderToString(
    <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} />,
  );
  expect(html).toContain('Chat');
  expect(html).not.toContain('role="dialog"');
  expect(connect).not.toHaveBeenCalled();
  expect(fetchImpl).not.toHaveBeenCalled();
});
