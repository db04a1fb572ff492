import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CONFIG_KEYS, repoRoot } from './config';

/**
 * The deployment files (Dockerfile, compose.yaml and its env example and Caddyfile, docs/deploy.md)
 * are checked by reading, as no machine here runs containers: every setting they name must be one
 * the server reads (config.ts), and the guide's settings table must name every one of them.
 */

const read = (file: string) => readFileSync(path.join(repoRoot, file), 'utf8');

/** Names compose.yaml uses for the Postgres image and its own interpolation, not server settings. */
const COMPOSE_ONLY = ['POSTGRES_USER', 'POSTGRES_DB', 'POSTGRES_PASSWORD'];

/** Read by the runtime under the server, not by it: glibc's allocator (fewer arenas, less memory). */
const RUNTIME_ONLY = ['MALLOC_ARENA_MAX'];

const settings = new Set(CONFIG_KEYS);
const allowed = new Set([...CONFIG_KEYS, ...COMPOSE_ONLY, ...RUNTIME_ONLY]);
const settingsAndRuntime = new Set([...CONFIG_KEYS, ...RUNTIME_ONLY]);

/** Environment-variable-like names: capitals and digits with at least one underscore (APP_KEY). */
const upperSnake = (text: string) => [...new Set(text.match(/\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g) ?? [])];

/** The names of `list` that are not in `known`, so a failure names them. */
const unknown = (list: Iterable<string>, known: Set<string>) => [...list].filter((name) => !known.has(name));

interface ComposeService {
  build?: unknown;
  environment?: Record<string, unknown> | string[];
}

function environmentNames(environment: ComposeService['environment']): string[] {
  if (!environment) return [];
  if (Array.isArray(environment)) return environment.map((entry) => entry.split('=')[0] ?? '');
  return Object.keys(environment);
}

/** The guide's settings table: the rows of the `## Settings` section, by their first cell's names. */
function settingsTable(markdown: string): string[] {
  const section = markdown.split(/^## /m).find((part) => part.startsWith('Settings\n'));
  if (!section) return [];
  return section
    .split('\n')
    .filter((line) => /^\|\s*`/.test(line))
    .flatMap((line) => [...(line.split('|')[1] ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? ''));
}

describe('deployment files name only settings the server reads', () => {
  it('the config schema lists its keys (what the checks below compare against)', () => {
    expect(CONFIG_KEYS).toContain('DATABASE_URL');
    expect(CONFIG_KEYS).toContain('TRUST_PROXY');
    expect(CONFIG_KEYS.every((key) => /^[A-Z][A-Z0-9_]*$/.test(key))).toBe(true);
  });

  it("compose.yaml: the app services' environment, and every name it interpolates", () => {
    const text = read('compose.yaml');
    const compose = parse(text, { merge: true }) as { services: Record<string, ComposeService> };
    // The services built from the Dockerfile run the server; Postgres and the proxy have their own names.
    const apps = Object.entries(compose.services).filter(([, service]) => service.build !== undefined);
    expect(apps.map(([name]) => name).sort()).toEqual(['app1', 'app2']);
    for (const [name, service] of apps) {
      const names = environmentNames(service.environment);
      expect(names.length, name).toBeGreaterThan(0);
      expect(unknown(names, settings), `${name}'s environment`).toEqual([]);
    }
    const interpolated = [...text.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1] ?? '');
    expect(interpolated.length).toBeGreaterThan(0);
    expect(unknown(interpolated, allowed)).toEqual([]);
    expect(unknown(upperSnake(text), allowed)).toEqual([]);
    // Each name compose.yaml is allowed besides the settings is one it really uses.
    for (const name of COMPOSE_ONLY) expect(text, name).toContain(name);
  });

  it('deploy/env.example names only settings, and every value compose.yaml requires', () => {
    const text = read('deploy/env.example');
    const assigned = [...text.matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1] ?? '');
    expect(assigned.length).toBeGreaterThan(0);
    expect(unknown(assigned, allowed)).toEqual([]);
    expect(unknown(upperSnake(text), allowed)).toEqual([]);
    const required = [...read('compose.yaml').matchAll(/\$\{([A-Z][A-Z0-9_]*):\?/g)].map((m) => m[1] ?? '');
    const filledIn = new Set([...text.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1] ?? ''));
    expect(unknown(required, filledIn), 'required by compose.yaml, missing from env.example').toEqual([]);
  });

  it('deploy/Caddyfile reads only settings', () => {
    const text = read('deploy/Caddyfile');
    const placeholders = [...text.matchAll(/\{\$([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1] ?? '');
    expect(unknown(placeholders, settings)).toEqual([]);
    expect(unknown(upperSnake(text), settings)).toEqual([]);
  });

  it('Dockerfile: every ENV it sets is a setting', () => {
    const text = read('Dockerfile');
    const envLines = text.split('\n').filter((line) => /^ENV\s/.test(line));
    expect(envLines.length).toBeGreaterThan(0);
    const names = envLines.flatMap((line) => {
      const body = line.replace(/^ENV\s+/, '');
      // `ENV NAME=value NAME2=value2`, or the old `ENV NAME value`.
      return body.includes('=') ? [...body.matchAll(/(\S+?)=/g)].map((m) => m[1] ?? '') : [body.split(/\s+/)[0] ?? ''];
    });
    expect(names).toEqual(expect.arrayContaining(['NODE_ENV', 'APP_ENV', 'HOST', 'MALLOC_ARENA_MAX']));
    expect(unknown(names, settingsAndRuntime)).toEqual([]);
    expect(unknown(upperSnake(text), settingsAndRuntime)).toEqual([]);
  });

  it('docs/deploy.md: its settings table has every setting and nothing else, and it names no other', () => {
    const text = read('docs/deploy.md');
    const table = settingsTable(text);
    expect(unknown(table, settings), 'in the table, not in config.ts').toEqual([]);
    expect(unknown(CONFIG_KEYS, new Set(table)), 'in config.ts, not in the table').toEqual([]);
    expect(unknown(upperSnake(text), allowed), 'named in the guide, not settings').toEqual([]);
  });
});
