import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { CreateOperatorError, createOperator, resetOperatorTwoStep } from './create-operator';

const usage = `Usage: npm run create-operator -- --email EMAIL --password PASSWORD [--name NAME]
  Creates an operator (role admin) who signs in at /operator/login, approves shops and answers
  support tickets; for an operator that exists, sets the new password.

       npm run create-operator -- --reset-two-step EMAIL
  Resets the operator's two-step sign-in (for a lost phone and lost recovery codes): the secret
  and recovery codes go and every session of the operator ends; the operator sets two-step
  sign-in up again at the next sign-in. Run it on the server itself.`;

async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
      'reset-two-step': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const resetEmail = values['reset-two-step'];
  if (values.help || (!resetEmail && (!values.email || !values.password))) {
    console.log(usage);
    if (!values.help) process.exitCode = 2;
    return;
  }
  const config = loadConfig();
  const database = config.DATABASE_URL
    ? await openDatabase({ kind: 'postgres', url: config.DATABASE_URL, poolSize: 2 })
    : await openDatabase({ kind: 'pglite', dataDir: path.join(config.DATA_DIR, 'db') });
  try {
    await database.migrate();
    if (resetEmail) {
      await resetOperatorTwoStep(database.db, resetEmail);
      console.log(`Two-step sign-in of operator ${resetEmail} reset; every session of it ended.`);
      return;
    }
    const { id, created } = await createOperator(database.db, {
      email: values.email as string,
      password: values.password as string,
      name: values.name,
    });
    console.log(
      created ? `Operator ${values.email} created (user ${id}).` : `Password of operator ${values.email} set.`,
    );
  } catch (error) {
    if (!(error instanceof CreateOperatorError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
