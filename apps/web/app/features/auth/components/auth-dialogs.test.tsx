// @vitest-environment happy-dom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthDialogs } from './auth-dialogs';
import { renderWithAuth, testMaster } from './auth-test-support';

vi.mock('react-toastify/unstyled', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

afterEach(cleanup);

describe('AuthDialogs', () => {
  it('renders nothing until a dialog is asked for, then loads the set and shows it', async () => {
    const view = renderWithAuth(<AuthDialogs master={testMaster()} />, { fetchImpl: vi.fn<typeof fetch>() });
    expect(screen.queryByText('Welcome')).toBeNull();
    act(() => view.store.getState().openDialog('login'));
    expect(await screen.findByText('Welcome')).toBeTruthy();
    act(() => view.store.getState().openDialog('register'));
    expect(await screen.findByRole('heading', { name: 'Sign Up' })).toBeTruthy();
    expect(screen.getByLabelText('Full Name')).toBeTruthy();
  });
});
