// Compiles the server into one ES module, dist/server.js (with its source map), for `npm start`:
// the code of this package and of @shop/contracts is bundled; every other package stays an
// import of node_modules. Files shipped beside the code (migrations, translations) are read from
// src/ at run time (src/paths.ts). See docs/decisions/0028-server-runs-compiled.md.
// `--outdir=NAME` writes to another folder of apps/server (the tests' spawned servers use
// dist-test/, so a test run never replaces the dist/ a running `npm start` came from); it must be
// one folder below apps/server, as src/paths.ts finds the package from there.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdirArg = process.argv.find((arg) => arg.startsWith('--outdir='))?.slice('--outdir='.length);
if (outdirArg !== undefined && !/^[a-z][a-z0-9-]*$/.test(outdirArg)) {
  throw new Error(`--outdir takes a folder name of apps/server, not ${outdirArg}`);
}
const outdir = path.join(root, outdirArg ?? 'dist');

/** Packages stay imports, except our own workspace packages (TypeScript source). */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@shop/') ? undefined : { path: args.path, external: true },
    );
  },
};

await rm(outdir, { recursive: true, force: true });
const started = Date.now();
await build({
  entryPoints: { server: path.join(root, 'src/server.ts') },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  legalComments: 'none',
  plugins: [externalPackages],
  logLevel: 'warning',
});
console.log(`server compiled to ${path.relative(process.cwd(), outdir)}/server.js in ${Date.now() - started} ms`);
