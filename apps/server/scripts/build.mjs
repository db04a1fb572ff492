// Compiles the server into one ES module, dist/server.js (with its source map and, in chunks/,
// what it imports only with import()), for `npm start`: the code of this package, of
// @shop/contracts and of the packages it uses is bundled (one file parsed at start instead of
// ~1,900 files of node_modules); the packages in kept-as-imports.mjs stay imports of node_modules.
// Files shipped beside the code (migrations, translations) are read from src/ at run time
// (src/paths.ts). See docs/decisions/0028-server-runs-compiled.md and 0035.
// `--outdir=NAME` writes to another folder of apps/server (the tests' spawned servers use
// dist-test/, so a test run never replaces the dist/ a running `npm start` came from); it must be
// one folder below apps/server, as src/paths.ts finds the package from there.
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { decode, encode } from '@jridgewell/sourcemap-codec';
import { build } from 'esbuild';
import { keptAsImport } from './kept-as-imports.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdirArg = process.argv.find((arg) => arg.startsWith('--outdir='))?.slice('--outdir='.length);
if (outdirArg !== undefined && !/^[a-z][a-z0-9-]*$/.test(outdirArg)) {
  throw new Error(`--outdir takes a folder name of apps/server, not ${outdirArg}`);
}
const outdir = path.join(root, outdirArg ?? 'dist');

const externalPackages = {
  name: 'kept-as-imports',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('node:') || keptAsImport(args.path) ? { path: args.path, external: true } : undefined,
    );
  },
};

/**
 * Keeps only the mappings of our own code (this package and @shop/contracts) in the source map.
 * Node parses the whole map at start with `--enable-source-maps`: with the packages' ~2 MB of
 * code mapped too, that took ~0.6 s of every start; their frames are named by their place in
 * dist/server.js instead.
 */
async function ourSourceMap(file) {
  const map = JSON.parse(await readFile(file, 'utf8'));
  const ours = map.sources.map((source) => !source.includes('node_modules'));
  const newIndex = [];
  const sources = [];
  map.sources.forEach((source, index) => {
    if (!ours[index]) return;
    newIndex[index] = sources.length;
    sources.push(source);
  });
  // One mapping per line of ours where the generated code moves to it: a stack frame names the
  // right line of TypeScript (its column only roughly), and Node parses a quarter of the map.
  const lines = decode(map.mappings).map((line) => {
    let last = '';
    return line.flatMap((segment) => {
      if (segment.length < 4 || !ours[segment[1]]) return [];
      const at = `${segment[1]}:${segment[2]}`;
      if (at === last) return [];
      last = at;
      return [[segment[0], newIndex[segment[1]], segment[2], segment[3]]];
    });
  });
  await writeFile(file, JSON.stringify({ ...map, sources, names: [], mappings: encode(lines) }));
}

await rm(outdir, { recursive: true, force: true });
const started = Date.now();
await build({
  entryPoints: { server: path.join(root, 'src/server.ts') },
  outdir,
  // What is imported only with import() (the embedded database's driver, which imports PGlite)
  // goes to a chunk of its own, loaded when first asked for, not with the server.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // Stack traces name our TypeScript lines (`--enable-source-maps`); the map need not carry the
  // sources themselves, nor (ourSourceMap below) the packages' lines.
  sourcesContent: false,
  legalComments: 'none',
  // Whitespace and syntax only: the names in a package's stack frame stay readable.
  minifyWhitespace: true,
  minifySyntax: true,
  // Bundled CommonJS packages require Node's own modules; an ES module has no `require` of its own.
  banner: {
    js: "import { createRequire as createRequireForBundle } from 'node:module'; const require = createRequireForBundle(import.meta.url);",
  },
  plugins: [externalPackages],
  logLevel: 'warning',
});
for (const file of await readdir(outdir, { recursive: true })) {
  if (file.endsWith('.js.map')) await ourSourceMap(path.join(outdir, file));
}
console.log(`server compiled to ${path.relative(process.cwd(), outdir)}/server.js in ${Date.now() - started} ms`);
