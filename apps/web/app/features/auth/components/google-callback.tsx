import { useEffect, useState } from 'react';
import { useT } from '../../../lib/i18n';
import { GOOGLE_CALLBACK_MESSAGE } from './social-buttons';

/**
 * Where Google's sign-in popup lands: it hands the authorization code (or the error) to the
 * window that opened it, on this origin only, and closes. The opener posts the code to
 * /auth/google/token, so the session cookie and the toasts happen in the shop's own window.
 */
export function GoogleCallback() {
  const t = useT();
  const [orphan, setOrphan] = useState(false);
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const opener = window.opener as Window | null;
    if (!opener) {
      setOrphan(true);
      return;
    }
    opener.postMessage(
      {
        type: GOOGLE_CALLBACK_MESSAGE,
        code: params.get('code'),
        state: params.get('state'),
        error: params.get('error'),
      },
      window.location.origin,
    );
    window.close();
  }, []);
  return (
    <main className="flex min-h-dvh items-center justify-center p-6 text-center text-slate-600">
      <p>{orphan ? t('You can close this window.') : t('Signing you in…')}</p>
    </main>
  );
}
