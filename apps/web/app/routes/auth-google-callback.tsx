import { GoogleCallback } from '../features/auth/components/google-callback';

/** The Google sign-in popup's redirect target (GOOGLE_CALLBACK_PATH): never indexed. */
export const meta = () => [{ name: 'robots', content: 'noindex' }];

export default function AuthGoogleCallback() {
  return <GoogleCallback />;
}
