import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Encrypts short secrets kept in the database (AES-256-GCM, a fresh 96-bit nonce each time). The
 * stored text names the key it was sealed with (`v1.<keyId>.<nonce>.<tag>.<ciphertext>`), so a
 * server that later gets APP_KEY still opens what was sealed with the database's own key.
 */
export interface SecretKey {
  /** Which key: `app` (APP_KEY) or `db` (the key kept in server_secrets). */
  id: 'app' | 'db';
  key: Buffer;
}

/** A 32-byte key from any secret text (APP_KEY may be written in any form). */
export function keyFromText(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

export function seal(plain: string, key: SecretKey): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key.key, nonce);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [
    'v1',
    key.id,
    nonce.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    body.toString('base64url'),
  ].join('.');
}

/** The key id a sealed text names, or null for text that is not sealed. */
export function sealedWith(sealed: string): SecretKey['id'] | null {
  const [version, id] = sealed.split('.');
  return version === 'v1' && (id === 'app' || id === 'db') ? id : null;
}

/** Opens a sealed text; throws when it was changed or sealed with another key. */
export function open(sealed: string, key: SecretKey): string {
  const [version, id, nonce, tag, body] = sealed.split('.');
  if (version !== 'v1' || id !== key.id || !nonce || !tag || body === undefined) {
    throw new Error('not a secret sealed with this key');
  }
  const decipher = createDecipheriv('aes-256-gcm', key.key, Buffer.from(nonce, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
