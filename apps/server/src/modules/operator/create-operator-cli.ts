import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { CreateOperatorError, createOperator } from './create-operator';

const usage = `Usage: npm run create-operator -- --email EMAIL --password PASSWORD [--name NAME]
  Creates an operator (role admin) who signs in at /operator/login, approves shops and answers
  support tickets; for an operator that exists, sets the new password.`;

async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help || !values.email || !values.password) {
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
    const { id, created } = await createOperator(database.db, {
      email: values.email,
      password: values.password,
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
