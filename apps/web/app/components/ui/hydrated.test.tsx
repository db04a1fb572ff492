// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { HydratedProvider, PendingTrigger, useHydrated } from './hydrated';

afterEach(cleanup);

function Probe() {
  return <output>{useHydrated() ? 'interactive' : 'pending'}</output>;
}

describe('HydratedProvider / useHydrated', () => {
  it('is false on the server (so the server and the hydrating render agree) and true once mounted', async () => {
    expect(
      renderToString(
        <HydratedProvider>
          <Probe />
        </HydratedProvider>,
      ),
    ).toContain('pending');

    render(
      <HydratedProvider>
        <Probe />
      </HydratedProvider>,
    );
    await act(async () => {});
    expect(screen.getByRole('status').textContent).toBe('interactive');
  });

  it('is true outside the provider (client-only renders, isolated components)', () => {
    render(<Probe />);
    expect(screen.getByRole('status').textContent).toBe('interactive');
  });
});

describe('PendingTrigger', () => {
  it('is a closed, named trigger of the popup it stands for', () => {
    render(
      <PendingTrigger wrapperClassName="flex" className="btn" popup="listbox" label="Currency IDR">
        IDR
      </PendingTrigger>,
    );
    const button = screen.getByRole('button', { name: 'Currency IDR' });
    expect(button.getAttribute('aria-haspopup')).toBe('listbox');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(button.getAttribute('type')).toBe('button');
    expect(button.className).toBe('btn');
  });
});
