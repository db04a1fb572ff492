import { z } from 'zod';
import type { Database } from '../../db/client';
import { hashPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../auth/passwords';
import { resetTwoStep } from '../auth/two-step.service';
import { findAccountByEmail, insertOperator, setOperatorPassword } from './operator.repository';

export class CreateOperatorError extends Error {}

/**
 * `npm run create-operator -- --email x --password y [--name z]`: makes an operator (role admin)
 * for a real shop, or sets the password of the operator with that e-mail address. An account of
 * another role is never turned into an operator.
 */
export async function createOperator(
  db: Database,
  input: { email: string; password: string; name?: string | undefined },
  now = new Date(),
): Promise<{ id: number; created: boolean }> {
  const email = input.email.trim().toLowerCase();
  if (!z.email().safeParse(email).success) throw new CreateOperatorError(`"${input.email}" is not an e-mail address.`);
  if (input.password.length < PASSWORD_MIN_LENGTH || input.password.length > PASSWORD_MAX_LENGTH) {
    throw new CreateOperatorError(
      `The password must have ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`,
    );
  }
  const passwordHash = await hashPassword(input.password);
  const existing = await findAccountByEmail(db, email);
  if (existing) {
    if (existing.role !== 'admin') {
      throw new CreateOperatorError(`${email} belongs to a ${existing.role} account; use another e-mail address.`);
    }
    await setOperatorPassword(db, existing.id, passwordHash, now);
    return { id: existing.id, created: false };
  }
  const id = await insertOperator(db, { name: input.name?.trim() || 'Operator', email, passwordHash, now });
  return { id, created: true };
}

/**
 * `npm run create-operator -- --reset-two-step EMAIL`: the only way back for an operator who lost
 * both the phone and the recovery codes, run by whoever runs the server. Another role's account
 * is refused: sellers turn theirs off themselves.
 */
export async function resetOperatorTwoStep(db: Database, rawEmail: string, now = new Date()): Promise<number> {
  const email = rawEmail.trim().toLowerCase();
  const existing = await findAccountByEmail(db, email);
  if (!existing) throw new CreateOperatorError(`No account has the e-mail address ${email}.`);
  if (existing.role !== 'admin')
    throw new CreateOperatorError(`${email} belongs to a ${existing.role} account, not an operator.`);
  await resetTwoStep(db, existing.id, now);
  return existing.id;
}
