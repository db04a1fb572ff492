import { randomBytes } from 'node:crypto';
import {
  changePasswordSchema,
  PROFILE_PHOTO_MAX_BYTES,
  PROFILE_PHOTO_SIZE_PX,
  type ProfileUser,
  updateProfileSchema,
} from '@shop/contracts/account';
import { uniqueViolation } from '../../db/transaction';
import type { AppDeps, CoreDeps } from '../../deps';
import { FieldErrors, type FieldMessages, notFound } from '../../lib/errors';
import { deleteReplaced, uploadsKey } from '../../lib/media-store';
import { mediaUrl } from '../../lib/media-url';
import { msg } from '../../lib/messages';
import type { UploadedFile } from '../../lib/multipart-form';
import { isOnline } from '../../lib/online';
import { squareWebp } from '../../lib/uploaded-image';
import { hashPassword, verifyPassword } from '../auth/passwords';
import type { SessionsService } from '../auth/sessions.service';
import type { SettingsService } from '../settings/settings.service';
import { parseAccountInput } from './account-input';
import {
  findProfileRow,
  findTakenContacts,
  PROFILE_PHOTO_FOLDER,
  type ProfileChanges,
  type ProfileRow,
  saveProfile,
  updatePasswordHash,
} from './profile.repository';

export function toProfileUser(row: ProfileRow, now: Date): ProfileUser {
  const emailVerified = row.emailVerifiedAt !== null;
  const phoneVerified = row.phoneVerifiedAt !== null;
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    phone_code: row.phoneCode,
    country: row.country,
    profile_photo: mediaUrl(row.photo),
    gender: row.gender,
    date_of_birth: row.dateOfBirth,
    email_verified: emailVerified,
    phone_verified: phoneVerified,
    account_verified: emailVerified || phoneVerified,
    is_active: row.isActive,
    last_online: isOnline(row.lastOnlineAt, now),
  };
}

export class ProfileService {
  constructor(
    private readonly deps: CoreDeps & Pick<AppDeps, 'media' | 'log'>,
    private readonly settings: SettingsService,
    private readonly sessions: SessionsService,
  ) {}

  async get(userId: number): Promise<ProfileUser> {
    const row = await findProfileRow(this.deps.database.db, userId);
    // The session outlived its user (deleted account): the same answer as any unknown id.
    if (!row) throw notFound(msg('User not found.'));
    return toProfileUser(row, this.deps.clock.now());
  }

  /** POST /api/update-profile: every field error in one 422, the photo checked before saving. */
  async update(userId: number, fields: unknown, photo: UploadedFile | null): Promise<ProfileUser> {
    const { db } = this.deps.database;
    const current = await findProfileRow(db, userId);
    if (!current) throw notFound(msg('User not found.'));

    let input: Awaited<ReturnType<typeof this.parseFields>> | null = null;
    let errors: FieldMessages = {};
    try {
      input = await this.parseFields(fields);
    } catch (error) {
      if (!(error instanceof FieldErrors)) throw error;
      errors = { ...error.errors };
    }
    let image: { data: Buffer; width: number; height: number } | null = null;
    if (photo) {
      try {
        image = await this.readPhoto(photo);
      } catch (error) {
        if (!(error instanceof FieldErrors)) throw error;
        errors = { ...errors, ...error.errors };
      }
    }
    if (input) {
      const taken = await findTakenContacts(db, userId, { email: input.email, phone: input.phone ?? null });
      if (taken.email) errors.email = [msg('The email has already been taken.')];
      if (taken.phone) errors.phone = [msg('The phone has already been taken.')];
    }
    if (!input || Object.keys(errors).length > 0) throw new FieldErrors(errors);

    const now = this.deps.clock.now();
    const changes: ProfileChanges = {
      name: input.name,
      email: input.email,
      phone: input.phone ?? null,
      phoneCode: input.phone_code ?? null,
      country: input.country,
      gender: input.gender ?? null,
      dateOfBirth: input.date_of_birth ?? null,
    };
    // A new address has not been proven to be the user's yet (the OTP flow verifies it again).
    if ((input.email ?? null) !== (current.email?.toLowerCase() ?? null)) changes.emailVerifiedAt = null;
    if ((input.phone ?? null) !== current.phone) changes.phoneVerifiedAt = null;

    let storedFile: string | null = null;
    if (image) {
      const relative = `${PROFILE_PHOTO_FOLDER}/${userId}-${randomBytes(8).toString('hex')}.webp`;
      storedFile = uploadsKey(relative);
      await this.deps.media.put(storedFile, image.data);
      changes.photo = { path: relative, width: image.width, height: image.height, alt: input.name };
    }
    try {
      const { replacedPhoto } = await saveProfile(db, userId, changes, now);
      if (replacedPhoto) await deleteReplaced(this.deps, uploadsKey(replacedPhoto));
    } catch (error) {
      if (storedFile) await this.deps.media.delete(storedFile);
      // Two requests raced for the same e-mail or phone; the unique index kept them apart.
      const constraint = uniqueViolation(error);
      if (constraint === 'users_email_key')
        throw new FieldErrors({ email: [msg('The email has already been taken.')] });
      if (constraint === 'users_phone_key')
        throw new FieldErrors({ phone: [msg('The phone has already been taken.')] });
      throw error;
    }
    return this.get(userId);
  }

  /** POST /api/change-password. Returns nothing; the route revokes the other sessions. */
  /**
   * Whoever knew the old password is signed out everywhere except in `currentSession` (the
   * token hash of the session that made the change).
   */
  async changePassword(userId: number, body: unknown, currentSession: string | undefined): Promise<void> {
    const input = await parseAccountInput(this.settings, changePasswordSchema, body);
    const { db } = this.deps.database;
    const row = await findProfileRow(db, userId);
    if (!row) throw notFound(msg('User not found.'));
    // Accounts made by social sign-in have no password: nothing matches (after the same work).
    const matches = await verifyPassword(row.passwordHash, input.current_password);
    if (!matches) {
      throw new FieldErrors(
        { current_password: [msg('Current password does not match')] },
        msg('Current password does not match'),
      );
    }
    const passwordHash = await hashPassword(input.password);
    await updatePasswordHash(db, userId, passwordHash, this.deps.clock.now());
    await this.sessions.revokeUserSessions(userId, currentSession);
  }

  private parseFields(fields: unknown) {
    return parseAccountInput(this.settings, updateProfileSchema, fields, { phoneField: 'phone' });
  }

  /** The photo as a square WebP, or the field error that refuses it. */
  private readPhoto(photo: UploadedFile) {
    return squareWebp(photo, {
      field: 'profile_photo',
      maxBytes: PROFILE_PHOTO_MAX_BYTES,
      sizePx: PROFILE_PHOTO_SIZE_PX,
      messages: {
        tooLarge: msg('The profile photo may not be greater than {{max}} kilobytes.', {
          max: PROFILE_PHOTO_MAX_BYTES / 1024,
        }),
        wrongType: msg('The profile photo must be a file of type: jpg, jpeg, png, webp.'),
        unreadable: msg('The profile photo could not be read as an image.'),
      },
    });
  }
}
