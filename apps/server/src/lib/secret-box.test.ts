import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { keyFromText, open, type SecretKey, seal, sealedWith } from './secret-box';

const dbKey: SecretKey = { id: 'db', key: randomBytes(32) };
const appKey: SecretKey = { id: 'app', key: keyFromText('an application key of at least thirty-two characters') };

describe('secret box', () => {
  it('opens what it sealed, with a new nonce each time, and names the key', () => {
    const a = seal('JBSWY3DPEHPK3PXP', dbKey);
    const b = seal('JBSWY3DPEHPK3PXP', dbKey);
    expect(a).not.toBe(b);
    expect(a).not.toContain('JBSWY3DPEHPK3PXP');
    expect(sealedWith(a)).toBe('db');
    expect(sealedWith(seal('x', appKey))).toBe('app');
    expect(sealedWith('JBSWY3DPEHPK3PXP')).toBeNull();
    expect(open(a, dbKey)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses a changed text and another key', () => {
    const sealed = seal('JBSWY3DPEHPK3PXP', dbKey);
    const parts = sealed.split('.');
    const body = Buffer.from(parts[4] as string, 'base64url');
    body[0] = (body[0] as number) ^ 1;
    parts[4] = body.toString('base64url');
    expect(() => open(parts.join('.'), dbKey)).toThrow();
    expect(() => open(sealed, { id: 'db', key: randomBytes(32) })).toThrow();
    expect(() => open(sealed, appKey)).toThrow(/not a secret sealed with this key/);
  });
});
