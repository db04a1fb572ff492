import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  // Every public page renders on the server.
  ssr: true,
  // The whole route manifest ships with the page (a few kB gzipped) instead of one /__manifest
  // request per batch of links scrolled into view.
  routeDiscovery: { mode: 'initial' },
} satisfies Config;
