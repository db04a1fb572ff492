import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder (apps/server), found from this file: `src/paths.ts` when run from
 * source (tests, tsx) and `dist/server.js` when run compiled (`npm start`) are both one folder
 * below it, so files shipped beside the code (migrations, translations) are found from either.
 */
export const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const repoRoot = path.resolve(serverRoot, '../..');
