import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/test-app';
import { executeRows } from '../transaction';

/**
 * Each SQL function's current text lives in db/functions/<name>.sql, where it can be read whole;
 * the migrations stay the way it gets into a database. Changing a function means editing its file
 * and adding a migration with the same text: this test fails until the migrated database runs
 * exactly what the file says, and when a function has no file.
 */

const functionsDir = path.dirname(fileURLToPath(import.meta.url));

interface FunctionText {
  name: string;
  /** The argument list as declared, white space folded. */
  args: string;
  returns: string;
  language: string;
  volatility: 'i' | 's' | 'v';
  strict: boolean;
  /** What stands between the $$ quotes, to the character: PostgreSQL keeps it as prosrc. */
  body: string;
}

const fold = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Reads a `CREATE OR REPLACE FUNCTION ... AS $$ body $$;` statement (comments before it allowed). */
function parseFunction(text: string): FunctionText {
  const found =
    /^CREATE OR REPLACE FUNCTION\s+(\w+)\s*\(([^)]*)\)\s*RETURNS\s+([\s\S]+?)\s+LANGUAGE\s+(\w+)([^$]*?)\s*AS \$\$([\s\S]*)\$\$;\s*$/m.exec(
      text,
    );
  if (!found) throw new Error('not one CREATE OR REPLACE FUNCTION statement quoted with $$');
  const [, name = '', args = '', returns = '', language = '', options = ''] = found;
  return {
    name,
    args: fold(args),
    returns: fold(returns).toLowerCase(),
    language: language.toLowerCase(),
    volatility: /\bIMMUTABLE\b/i.test(options) ? 'i' : /\bSTABLE\b/i.test(options) ? 's' : 'v',
    strict: /\bSTRICT\b/i.test(options),
    body: found[6] ?? '',
  };
}

const files = readdirSync(functionsDir)
  .filter((file) => file.endsWith('.sql'))
  .sort();

describe('SQL function files', () => {
  it('each holds one function named as its file', () => {
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      expect(parseFunction(readFileSync(path.join(functionsDir, file), 'utf8')).name).toBe(file.replace(/\.sql$/, ''));
    }
  });

  it('reads a statement to the character (the check itself works)', () => {
    const text =
      "-- why\nCREATE OR REPLACE FUNCTION f(n bigint,\n  m text) RETURNS SETOF text\nLANGUAGE sql IMMUTABLE STRICT AS $$\n  SELECT 'x'\n$$;\n";
    expect(parseFunction(text)).toEqual({
      name: 'f',
      args: 'n bigint, m text',
      returns: 'setof text',
      language: 'sql',
      volatility: 'i',
      strict: true,
      body: "\n  SELECT 'x'\n",
    });
    expect(() => parseFunction('CREATE FUNCTION f() RETURNS int AS $$ 1 $$')).toThrow();
  });
});

describeEachDatabase('SQL functions of the migrated database', (ctx) => {
  it('are exactly the files of db/functions, and no other', async () => {
    // Functions an extension brought (pg_trgm) are not ours.
    const rows = await executeRows<{
      name: string;
      args: string;
      returns: string;
      language: string;
      volatility: 'i' | 's' | 'v';
      strict: boolean;
      body: string;
    }>(
      ctx.db,
      sql`select p.proname as name, pg_get_function_arguments(p.oid) as args,
        pg_get_function_result(p.oid) as returns, l.lanname as language,
        p.provolatile as volatility, p.proisstrict as strict, p.prosrc as body
      from pg_proc p join pg_language l on l.oid = p.prolang
      where p.pronamespace = 'public'::regnamespace
        and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
      order by p.proname`,
    );
    const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
    const inDatabase = rows
      .map((row) => ({ ...row, args: fold(row.args), returns: fold(row.returns).toLowerCase() }))
      .sort(byName);
    const inFiles = files
      .map((file) => parseFunction(readFileSync(path.join(functionsDir, file), 'utf8')))
      .sort(byName);
    expect(inDatabase).toEqual(inFiles);
  });
});
