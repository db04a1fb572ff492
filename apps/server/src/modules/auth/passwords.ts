import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id at the OWASP floor (m = 19 MiB, t = 2, p = 1). Hashes are PHC strings, so older
 * hashes (the seed's library defaults) still verify and can be raised later.
 */
export const PASSWORD_HASH_OPTIONS = {
  // Algorithm.Argon2id: the package's enum is a const enum, which tsx cannot inline.
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export const PASSWORD_MIN_LENGTH = 6;
/** argon2 takes any length; a cap keeps one request from costing much more than another. */
export const PASSWORD_MAX_LENGTH = 200;

export const hashPassword = (password: string) => hash(password, PASSWORD_HASH_OPTIONS);

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. Without a hash (unknown account, social-only account)
 * it still spends the same work on a dummy hash, so timing does not tell which accounts exist.
 */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hashPassword('not-a-real-password-for-timing');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** Whether a stored hash is weaker than today's parameters (or not argon2id): rehash at next login. */
export function needsRehash(stored: string): boolean {
  const match = /^\$argon2id\$v=\d+\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(stored);
  if (!match) return true;
  const [, m, t] = match.map(Number);
  return (m ?? 0) < PASSWORD_HASH_OPTIONS.memoryCost || (t ?? 0) < PASSWORD_HASH_OPTIONS.timeCost;
}
