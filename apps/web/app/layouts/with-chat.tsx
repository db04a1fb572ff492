import { type ReactNode, useCallback, useMemo } from 'react';
import { useAuthStore } from '../features/auth/stores/auth-store';
import { ChatProvider } from '../features/chat/components/chat-provider';
import { useMaster } from '../lib/api/master';
import { realtimeSettingsOf } from '../lib/realtime';

/**
 * The chat for every page (the sidebar opens from the cart, product, shop and order pages and
 * stays open across layouts), wired here to the session and the settings because features never
 * import each other.
 */
export function WithChat({ children }: { children: ReactNode }) {
  const userId = useAuthStore((s) => s.user?.id ?? null);
  const openDialog = useAuthStore((s) => s.openDialog);
  const onLoggedOut = useAuthStore((s) => s.onLoggedOut);
  const { master } = useMaster();
  const openLogin = useCallback(() => openDialog('login'), [openDialog]);
  const realtime = useMemo(() => realtimeSettingsOf(master), [master]);
  return (
    <ChatProvider userId={userId} realtime={realtime} onLoginRequired={openLogin} subscribeLoggedOut={onLoggedOut}>
      {children}
    </ChatProvider>
  );
}
