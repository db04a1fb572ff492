// The packages the compiled server (scripts/build.mjs) leaves as imports of node_modules instead of
// bundling. lib/boundaries.test.ts checks that every library of src/lib/lazy-modules.ts is here.
/** Packages that stay imports of node_modules, each for a reason. */
export const KEPT_AS_IMPORTS = [
  // Shared with the web build, which imports them from node_modules too: one copy in memory, and
  // the React Router that renders the pages is the one the server hands the requests to.
  'react',
  'react-dom',
  'react-router',
  '@react-router/node',
  'zod',
  // Native or WebAssembly code, or files read from the package's own folder at run time.
  '@node-rs/argon2',
  'sharp',
  '@electric-sql/pglite',
  'pdfkit',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  'pino',
  // Loaded on first use (src/lib/lazy-modules.ts): bundled, they would be parsed at every start.
  'stripe',
  'ioredis',
  'pusher',
  '@aws-sdk/client-s3',
  'nodemailer',
  'qrcode',
  'jose',
  'sanitize-html',
  // Optional native add-ons that pg and ws try to load and do without.
  'pg-native',
  'bufferutil',
  'utf-8-validate',
];

/** Whether an import specifier names one of KEPT_AS_IMPORTS (or a file of one). */
export const keptAsImport = (specifier) =>
  KEPT_AS_IMPORTS.some((name) => specifier === name || specifier.startsWith(`${name}/`));
