import { create } from 'zustand';

/** The logged-in customer as the account area shows it (spec section 3, Auth). */
export interface AuthUser {
  id: number;
  name: string;
  phone: string | null;
  profile_photo: string | null;
}

interface AuthState {
  user: AuthUser | null;
  setUser: (user: AuthUser | null) => void;
}

/**
 * Who is logged in. Nobody can log in yet (login arrives with the auth issue, which fills this
 * from the session), so `user` stays null and the account area sends visitors home. Only the
 * browser ever sets it; the server render never writes to this module-level store.
 */
export const useAuthStore = create<AuthState>()((set) => ({
  user: null,
  setUser: (user) => set({ user }),
}));
