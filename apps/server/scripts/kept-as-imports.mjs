// The packages the compiled server (scripts/build.mjs) leaves as imports of node_modules instead of
// bundling.
/**
 * The libraries of src/lib/lazy-modules.ts, loaded the first time they are needed; the tests
 * check that nothing else imports them and that a start of the compiled server loads none.
 */
export const LOADED_ON_FIRST_USE = [
  'sharp',
  'pdfkit',
  'qrcode',
  'nodemailer',
  'stripe',
  'ioredis',
  'pusher',
  '@aws-sdk/client-s3',
  'jose',
  'sanitize-html',
];

/** Packages that stay imports of node_modules, each for a reason. */
export const KEPT_AS_IMPORTS = [
  // Shared with the web build, which imports them from node_modules too: one copy in memory, and
  // the React Router that renders the pages is the one the server hands the requests to.
  'react',
  'react-dom',
  'react-router',
  '@react-router/node',
  'zod',
  // Native or WebAssembly code, or files read from the package's own folder at run time (sharp
  // and pdfkit too, in the list above).
  '@node-rs/argon2',
  '@electric-sql/pglite',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  'pino',
  // Loaded on first use: bundled, they would be parsed at every start.
  ...LOADED_ON_FIRST_USE,
  // Optional native add-ons that pg and ws try to load and do without.
  'pg-native',
  'bufferutil',
  'utf-8-validate',
];

/** Whether an import specifier names one of KEPT_AS_IMPORTS (or a file of one). */
export const keptAsImport = (specifier) =>
  KEPT_AS_IMPORTS.some((name) => specifier === name || specifier.startsWith(`${name}/`));
