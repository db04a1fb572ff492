// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { createI18n } from '../../lib/i18n';
import { RecordStates } from './record-states';

afterEach(cleanup);

const texts = {
  login: 'Please log in to see this thing',
  notFound: 'Thing not found',
  notFoundHint: 'No such thing here.',
  loadError: 'We could not load this thing',
};

function Page({
  load,
  signedIn = true,
  missing = false,
  onLogin = vi.fn(),
  onUnauthorized = vi.fn(),
}: {
  load: () => Promise<{ name: string }>;
  signedIn?: boolean;
  missing?: boolean;
  onLogin?: () => void;
  onUnauthorized?: () => void;
}) {
  const query = useQuery({ queryKey: ['thing'], queryFn: load, enabled: signedIn && !missing });
  return (
    <RecordStates
      signedIn={signedIn}
      onLogin={onLogin}
      onUnauthorized={onUnauthorized}
      query={query}
      missing={missing}
      texts={texts}
      skeleton={['h-6 w-40', 'h-24 w-full']}
    >
      {(thing) => <p>Thing: {thing.name}</p>}
    </RecordStates>
  );
}

function renderPage(props: Parameters<typeof Page>[0]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/', element: <Page {...props} /> }]);
  render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={createI18n('en', {})}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

describe('RecordStates', () => {
  it('shows the record once loaded, with a placeholder meanwhile', async () => {
    renderPage({ load: async () => ({ name: 'lamp' }) });
    expect(screen.getByRole('status').textContent).toContain('Loading...');
    expect(await screen.findByText('Thing: lamp')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('asks a visitor to log in, without asking the server', async () => {
    const load = vi.fn(async () => ({ name: 'lamp' }));
    const onLogin = vi.fn();
    renderPage({ load, signedIn: false, onLogin });
    expect(screen.getByText(texts.login)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(onLogin).toHaveBeenCalledOnce();
    expect(load).not.toHaveBeenCalled();
  });

  it.each([404, 422])('says not found on %i, with the way home', async (status) => {
    renderPage({
      load: async () => {
        throw new ApiError(status, 'Not found');
      },
    });
    expect(await screen.findByText(texts.notFound)).toBeTruthy();
    expect(screen.getByText(texts.notFoundHint)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
  });

  it('says not found for a record known to be missing, without asking', async () => {
    const load = vi.fn(async () => ({ name: 'lamp' }));
    renderPage({ load, missing: true });
    expect(screen.getByText(texts.notFound)).toBeTruthy();
    expect(load).not.toHaveBeenCalled();
  });

  it('offers Try again when loading failed, and loads again', async () => {
    let calls = 0;
    renderPage({
      load: async () => {
        calls += 1;
        if (calls === 1) throw new ApiError(500, 'Server error');
        return { name: 'lamp' };
      },
    });
    expect((await screen.findByRole('alert')).textContent).toContain(texts.loadError);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Thing: lamp')).toBeTruthy();
  });

  it('on 401, tells the page the session ended and keeps the placeholder, not an error', async () => {
    const onUnauthorized = vi.fn();
    renderPage({
      load: async () => {
        throw new ApiError(401, 'Unauthenticated.');
      },
      onUnauthorized,
    });
    await waitFor(() => expect(onUnauthorized).toHaveBeenCalled());
    expect(screen.getByRole('status')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
