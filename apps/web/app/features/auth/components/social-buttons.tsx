import type { Master } from '@shop/contracts/settings';
import { useEffect, useRef, useState } from 'react';
import { notifyError } from '../../../components/ui/toaster';
import { useApi } from '../../../lib/api-context';
import { useT } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { errorMessage, type SocialProviderName, socialSignIn } from '../api/auth-api';
import { useSignedIn } from './use-signed-in';

/** Where Google's authorization-code popup starts (Google sends the auth code). */
const GOOGLE_AUTHORIZE_URL = 'https://accounts.google.com/o/oauth2/v2/auth';
const FACEBOOK_SDK_URL = 'https://connect.facebook.net/en_US/sdk.js';
const FACEBOOK_SDK_VERSION = 'v20.0';
const APPLE_SDK_URL = 'https://appleid.cdn-apple.com/appleauth/static/jsapi/appleid/1/en_US/appleid.auth.js';
/** Apple sends a fixed placeholder as the code and its id token as data. */
const APPLE_CODE_PLACEHOLDER = 'apple';

/** The message the Google callback page posts back to this window. */
export const GOOGLE_CALLBACK_MESSAGE = 'google-auth-code';
export const GOOGLE_CALLBACK_PATH = paths.googleCallback;

interface FacebookSdk {
  init: (options: { appId: string; cookie: boolean; xfbml: boolean; version: string }) => void;
  login: (
    callback: (response: { authResponse?: { accessToken: string } | null }) => void,
    options: { scope: string },
  ) => void;
}
interface AppleSdk {
  auth: {
    init: (options: { clientId: string; scope: string; redirectURI: string; usePopup: boolean }) => void;
    signIn: () => Promise<unknown>;
  };
}
declare global {
  interface Window {
    FB?: FacebookSdk;
    AppleID?: AppleSdk;
  }
}

const scripts = new Map<string, Promise<void>>();
function loadScript(src: string): Promise<void> {
  let pending = scripts.get(src);
  if (!pending) {
    pending = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        scripts.delete(src);
        reject(new Error(`Could not load ${src}`));
      };
      document.head.appendChild(script);
    });
    scripts.set(src, pending);
  }
  return pending;
}

function randomState(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * One button per provider active in the settings, then "OR CONTINUE WITH".
 * Failures toast the server's message, except Apple's, which stay silent.
 */
export function SocialButtons({ master }: { master: Master | undefined }) {
  const t = useT();
  const api = useApi();
  const signedIn = useSignedIn();
  const [busy, setBusy] = useState<SocialProviderName | null>(null);
  const googleState = useRef<string | null>(null);
  const auths = master?.social_auths;
  const google = auths?.google.is_active && auths.google.client_id ? auths.google : null;
  const facebook = auths?.facebook.is_active && auths.facebook.client_id ? auths.facebook : null;
  const apple = auths?.apple.is_active && auths.apple.client_id ? auths.apple : null;

  const exchange = async (provider: SocialProviderName, code: string | null, data?: unknown) => {
    setBusy(provider);
    try {
      const { user } = await socialSignIn(api, provider, { code, data });
      signedIn(user);
    } catch (error) {
      if (provider !== 'apple') notifyError(errorMessage(error, t('Something went wrong. Please try again.')));
    } finally {
      setBusy(null);
    }
  };

  // The popup's callback page hands the authorization code back through postMessage.
  // biome-ignore lint/correctness/useExhaustiveDependencies: exchange reads the latest props when called.
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      const message = event.data as { type?: string; code?: string; state?: string; error?: string } | null;
      if (message?.type !== GOOGLE_CALLBACK_MESSAGE || !googleState.current) return;
      if (message.state !== googleState.current) return;
      googleState.current = null;
      if (message.code) void exchange('google', message.code);
      else notifyError(message.error || t('Something went wrong. Please try again.'));
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  if (!google && !facebook && !apple) return null;

  const signInWithGoogle = () => {
    if (!google?.client_id) return;
    const state = randomState();
    googleState.current = state;
    const url = new URL(GOOGLE_AUTHORIZE_URL);
    url.search = new URLSearchParams({
      client_id: google.client_id,
      redirect_uri: google.redirect_url || `${window.location.origin}${GOOGLE_CALLBACK_PATH}`,
      response_type: 'code',
      scope: 'openid email profile',
      state,
      prompt: 'select_account',
    }).toString();
    window.open(url.toString(), 'google-sign-in', 'width=500,height=640');
  };

  const signInWithFacebook = async () => {
    if (!facebook?.client_id) return;
    try {
      await loadScript(FACEBOOK_SDK_URL);
      const fb = window.FB;
      if (!fb) throw new Error(t('Something went wrong. Please try again.'));
      fb.init({ appId: facebook.client_id, cookie: false, xfbml: false, version: FACEBOOK_SDK_VERSION });
      fb.login(
        (response) => {
          if (response.authResponse?.accessToken) void exchange('facebook', response.authResponse.accessToken);
        },
        { scope: 'public_profile,email' },
      );
    } catch (error) {
      notifyError(errorMessage(error, t('Something went wrong. Please try again.')));
    }
  };

  const signInWithApple = async () => {
    if (!apple?.client_id) return;
    try {
      await loadScript(APPLE_SDK_URL);
      const sdk = window.AppleID;
      if (!sdk) return;
      sdk.auth.init({
        clientId: apple.client_id,
        scope: 'name email',
        redirectURI: apple.redirect_url || window.location.origin,
        usePopup: true,
      });
      const response = await sdk.auth.signIn();
      await exchange('apple', APPLE_CODE_PLACEHOLDER, response);
    } catch {
      // Apple failures are silent (closing Apple's popup lands here too).
    }
  };

  const buttonClass =
    'flex h-11 w-full items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white text-sm font-semibold text-slate-700 transition-colors hover:bg-slate-50 disabled:opacity-60';

  return (
    <div className="space-y-4">
      <div className="grid gap-2">
        {google ? (
          <button type="button" className={buttonClass} disabled={busy !== null} onClick={signInWithGoogle}>
            <span aria-hidden="true" className="font-bold text-[#4285F4]">
              G
            </span>
            {t('Continue with Google')}
          </button>
        ) : null}
        {facebook ? (
          <button type="button" className={buttonClass} disabled={busy !== null} onClick={signInWithFacebook}>
            <span aria-hidden="true" className="font-bold text-[#1877F2]">
              f
            </span>
            {t('Continue with Facebook')}
          </button>
        ) : null}
        {apple ? (
          <button type="button" className={buttonClass} disabled={busy !== null} onClick={signInWithApple}>
            <span aria-hidden="true" className="font-bold text-slate-900">
              A
            </span>
            {t('Continue with Apple')}
          </button>
        ) : null}
      </div>
      <div className="flex items-center gap-3 text-xs font-semibold text-slate-500">
        <span aria-hidden="true" className="h-px flex-1 bg-slate-200" />
        {t('OR CONTINUE WITH')}
        <span aria-hidden="true" className="h-px flex-1 bg-slate-200" />
      </div>
    </div>
  );
}
