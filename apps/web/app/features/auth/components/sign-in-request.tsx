import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { SIGN_IN_PARAM, safeReturnPath } from '../../../lib/paths';
import { useAuthStoreApi } from '../stores/auth-store';

/**
 * A page that needs a session sends a visitor home with `?login=<the page>` (signInPath), from the
 * server or in the browser. This opens the login dialog there and, once the visitor has signed in
 * (password, social or registration), goes to the page asked for. Closing the dialog without
 * signing in forgets it. The parameter leaves the address bar at once, so a reload or a shared
 * link does not ask again.
 */
export function SignInRequest() {
  const store = useAuthStoreApi();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const requested = params.get(SIGN_IN_PARAM);
  const pending = useRef<string | null>(null);

  useEffect(() => {
    if (requested === null) return;
    const target = safeReturnPath(requested);
    if (target && store.getState().user) {
      navigate(target, { replace: true });
      return;
    }
    const rest = new URLSearchParams(params);
    rest.delete(SIGN_IN_PARAM);
    const search = rest.toString();
    navigate({ pathname, search: search ? `?${search}` : '' }, { replace: true, preventScrollReset: true });
    pending.current = target;
    store.getState().openDialog('login');
  }, [requested, params, pathname, store, navigate]);

  useEffect(
    () =>
      store.subscribe((state, before) => {
        const target = pending.current;
        if (target === null) return;
        if (state.user && !before.user) {
          pending.current = null;
          navigate(target);
        } else if (!state.user && state.dialog === null && before.dialog !== null) {
          pending.current = null;
        }
      }),
    [store, navigate],
  );

  return null;
}
