import type { SocialProvider, SocialTokenInput } from '@shop/contracts/account';
import { uniqueViolation } from '../../db/transaction';
import type { CoreDeps } from '../../deps';
import { badRequest, FieldErrors, forbidden, notFound, requiredMessage } from '../../lib/errors';
import { msg } from '../../lib/messages';
import type { SettingsService } from '../settings/settings.service';
import {
  createSocialUser,
  findUserByEmail,
  findUserByIdentity,
  type IdentityValues,
  linkIdentity,
  touchIdentity,
} from './social-auth.repository';
import {
  notVerified,
  type ProviderIdentity,
  type ProviderSettings,
  verifyApple,
  verifyFacebook,
  verifyGoogle,
} from './social-providers';

const TITLES: Record<SocialProvider, string> = { google: 'Google', facebook: 'Facebook', apple: 'Apple' };

const asRecord = (v: unknown): Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const asText = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** Apple's JS returns `{authorization: {id_token}, user: {name: {firstName, lastName}}}`; apps may send the token alone. */
function appleInput(input: SocialTokenInput) {
  const data = asRecord(input.data);
  const idToken =
    asText(input.data) ?? asText(data.id_token) ?? asText(asRecord(data.authorization).id_token) ?? asText(input.code);
  const name = asRecord(asRecord(data.user).name);
  const fullName = [asText(name.firstName), asText(name.lastName)].filter(Boolean).join(' ');
  return { idToken, name: fullName || null };
}

/**
 * Social sign-in: the provider's token is verified on the server (never trusted from the
 * browser), then the user is found by the provider's subject, else linked by a verified
 * e-mail, else created. Returns the user id to sign in.
 */
export class SocialAuthService {
  constructor(
    private readonly deps: CoreDeps,
    private readonly settings: SettingsService,
  ) {}

  async authenticate(provider: SocialProvider, input: SocialTokenInput): Promise<number> {
    const settings = await this.providerSettings(provider);
    const identity = await this.verify(provider, settings, input);
    if (identity.subject.length > 255) throw notVerified(provider);
    return this.findOrCreateUser(provider, identity);
  }

  private async providerSettings(provider: SocialProvider): Promise<ProviderSettings> {
    const { social_auths } = await this.settings.stored(['social_auths']);
    const settings = social_auths?.[provider];
    // Switched off, or not set up enough to verify anything: as if the route did not exist.
    if (!settings?.is_active || !settings.client_id || (provider !== 'apple' && !settings.client_secret)) {
      throw notFound(msg('Sign-in with {{provider}} is not available.', { provider: TITLES[provider] }));
    }
    return settings;
  }

  private async verify(provider: SocialProvider, settings: ProviderSettings, input: SocialTokenInput) {
    const now = this.deps.clock.now();
    if (provider === 'apple') {
      const { idToken, name } = appleInput(input);
      if (!idToken) throw new FieldErrors({ data: [msg('The Apple id token is required.')] });
      return verifyApple(settings, idToken, name, now);
    }
    const code =
      asText(input.code) ?? asText(asRecord(input.data).accessToken) ?? asText(asRecord(input.data).access_token);
    if (!code) throw new FieldErrors({ code: [requiredMessage('code')] });
    return provider === 'google' ? verifyGoogle(settings, code, now) : verifyFacebook(settings, code);
  }

  private async findOrCreateUser(provider: SocialProvider, identity: ProviderIdentity, retry = true): Promise<number> {
    const { db } = this.deps.database;
    const now = this.deps.clock.now();
    const values: IdentityValues = { provider, subject: identity.subject, email: identity.email };
    try {
      const linked = await findUserByIdentity(db, provider, identity.subject);
      if (linked) {
        this.assertCanSignIn(linked);
        await touchIdentity(db, values, now);
        return linked.id;
      }
      // Only an address the provider checked may take over an existing account.
      if (identity.email && identity.emailVerified) {
        const owner = await findUserByEmail(db, identity.email);
        if (owner) {
          this.assertCanSignIn(owner);
          await linkIdentity(db, owner.id, values, now, true);
          return owner.id;
        }
      } else if (identity.email && (await findUserByEmail(db, identity.email))) {
        throw badRequest(
          msg(
            'An account with this e-mail already exists, and {{provider}} has not confirmed the address. Log in with your password.',
            { provider: TITLES[provider] },
          ),
        );
      }
      const name = identity.name ?? identity.email?.split('@')[0] ?? `${TITLES[provider]} user`;
      return await createSocialUser(
        db,
        {
          name: name.slice(0, 100),
          email: identity.emailVerified ? identity.email : null,
          emailVerified: identity.emailVerified,
        },
        values,
        now,
      );
    } catch (error) {
      // A concurrent first sign-in of the same account got there first: use what it made.
      if (retry && uniqueViolation(error) !== null) return this.findOrCreateUser(provider, identity, false);
      throw error;
    }
  }

  private assertCanSignIn(user: { role: string; isActive: boolean }) {
    // The storefront signs in shoppers only, like POST /api/login.
    if (user.role !== 'customer') throw badRequest(msg('Credential is invalid!'));
    if (!user.isActive) throw forbidden(msg('Your account is inactive. Please contact support.'));
  }
}
