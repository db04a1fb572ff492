// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../../../lib/i18n';
import { MarketTimeZoneProvider } from '../../../lib/market-time';
import { ChatBubble } from './chat-message';

afterEach(cleanup);

/** 16:05 UTC: 23:05 in Jakarta (UTC+7), 01:05 the next day in Tokyo (UTC+9). */
const AT = '2026-11-20T16:05:00.000Z';

describe('a chat bubble', () => {
  it('shows its time in the marketplace’s zone from the settings', () => {
    render(
      <MemoryRouter>
        <I18nextProvider i18n={createI18n('en', {})}>
          <MarketTimeZoneProvider timeZone="Asia/Tokyo">
            <ChatBubble message={{ id: 'p1', message: 'Halo', created_at: AT }} pending={false} />
          </MarketTimeZoneProvider>
        </I18nextProvider>
      </MemoryRouter>,
    );
    expect(screen.getByText('01:05 am, 21 Nov, 2026')).toBeTruthy();
  });
});
