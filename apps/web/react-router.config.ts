import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  // Every public page renders on the server (DESIGN section 6).
  ssr: true,
} satisfies Config;
