import { createContext, createElement, type ReactNode, useCallback, useContext, useState } from 'react';
import { createStore, type StoreApi, useStore } from 'zustand';

/**
 * The signed-in customer as the web app keeps it (the agreed reply shape of
 * login, registration and social sign-in, a superset of the spec's id, name, phone, profile_photo).
 * GET /api/profile returns more fields; they are welcome here and ignored.
 */
export interface AuthUser {
  id: number;
  name: string;
  email?: string | null;
  phone: string | null;
  phone_code?: string | null;
  country?: string | null;
  profile_photo: string | null;
  email_verified?: boolean;
  phone_verified?: boolean;
}

/**
 * What the session needs of an address (id, is_default). The addresses feature's
 * full address objects are assignable to it.
 */
export interface AuthAddress {
  id: number;
  is_default: boolean;
}

export type AuthDialog = 'login' | 'register' | 'forgot' | 'otp' | 'reset' | 'logout';

/** Who the OTP and reset dialogs are working for (the forgot-password state). */
export interface OtpFlow {
  /** register: verifying a new account; forgot: the password-reset path. */
  purpose: 'register' | 'forgot';
  /** The e-mail address or phone number the code goes to (send-otp's `phone`). */
  phone: string;
  phone_code: string | null;
  country: string | null;
  /** Seconds until send-otp may be asked again (the reply's resend_after); unset: not sent yet. */
  resendAfter?: number;
  /** The reset token verify-otp returned (forgot path only). */
  token?: string;
}

export interface AuthState {
  user: AuthUser | null;
  setUser: (user: AuthUser | null) => void;
  addresses: AuthAddress[];
  setAddresses: (addresses: readonly AuthAddress[]) => void;
  wishlistCount: number;
  setWishlistCount: (count: number) => void;
  dialog: AuthDialog | null;
  openDialog: (dialog: AuthDialog) => void;
  closeDialog: () => void;
  otpFlow: OtpFlow | null;
  setOtpFlow: (flow: OtpFlow | null) => void;
  /** What a 401 from any call does: user, addresses and favourite count go. */
  clearSession: () => void;
  /**
   * Listeners run after a logout (the cart, checkout and chat state reset there).
   * The cart issue registers its reset with `onLoggedOut` from a layout or the root; returns the
   * unsubscribe function.
   */
  onLoggedOut: (listener: () => void) => () => void;
  /** Runs clearSession, then every onLoggedOut listener (the logout dialog calls this). */
  loggedOut: () => void;
}

/**
 * Who is logged in, per render root. The session lives in an HttpOnly cookie; no token is ever
 * kept in JS or in local/session storage. The root loader asks GET /api/profile
 * with the visitor's cookie and passes the user to <AuthProvider>, so the server render and the
 * first browser render agree (no flash of the Login button for a signed-in shopper).
 *
 * Features never import each other: layouts and routes read this store (useAuthStore /
 * useAuthStoreApi) and hand values and callbacks (user, favourite count, "open the login dialog",
 * "favourites changed") down to the account, addresses and wishlist features as props.
 */
export function createAuthStore(initialUser: AuthUser | null = null): StoreApi<AuthState> {
  const logoutListeners = new Set<() => void>();
  return createStore<AuthState>()((set, get) => ({
    user: initialUser,
    setUser: (user) => set({ user }),
    addresses: [],
    setAddresses: (addresses) => set({ addresses: [...addresses] }),
    wishlistCount: 0,
    setWishlistCount: (wishlistCount) => set({ wishlistCount: Math.max(0, wishlistCount) }),
    dialog: null,
    openDialog: (dialog) => set({ dialog }),
    closeDialog: () => set({ dialog: null }),
    otpFlow: null,
    setOtpFlow: (otpFlow) => set({ otpFlow }),
    clearSession: () => set({ user: null, addresses: [], wishlistCount: 0 }),
    onLoggedOut: (listener) => {
      logoutListeners.add(listener);
      return () => logoutListeners.delete(listener);
    },
    loggedOut: () => {
      get().clearSession();
      for (const listener of logoutListeners) listener();
    },
  }));
}

const AuthContext = createContext<StoreApi<AuthState> | null>(null);

/**
 * Used only without <AuthProvider> (component tests). On the server every request renders under
 * its own provider, so this shared store is never written there.
 */
let fallbackStore: StoreApi<AuthState> | undefined;

export function AuthProvider({ user, children }: { user: AuthUser | null; children: ReactNode }) {
  const [store] = useState(() => createAuthStore(user));
  return createElement(AuthContext.Provider, { value: store }, children);
}

/** The auth store of this render root (for event handlers and effects: getState / subscribe). */
export function useAuthStoreApi(): StoreApi<AuthState> {
  const store = useContext(AuthContext);
  if (store) return store;
  fallbackStore ??= createAuthStore();
  return fallbackStore;
}

/** `useAuthStore((s) => s.user)`: re-renders when the selected part changes. */
export function useAuthStore<T>(selector: (state: AuthState) => T): T {
  return useStore(useAuthStoreApi(), selector);
}

/**
 * What a page that needs the signed-in shopper (checkout, payment, top-ups) is handed: whether one
 * is signed in, the login dialog, and for a 401 the session cleared, then the login dialog.
 */
export function useSessionProps(): { signedIn: boolean; onLogin: () => void; onUnauthorized: () => void } {
  const signedIn = useAuthStore((s) => s.user !== null);
  const store = useAuthStoreApi();
  const onLogin = useCallback(() => store.getState().openDialog('login'), [store]);
  const onUnauthorized = useCallback(() => {
    store.getState().clearSession();
    store.getState().openDialog('login');
  }, [store]);
  return { signedIn, onLogin, onUnauthorized };
}
