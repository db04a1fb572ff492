import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';

const root = path.dirname(fileURLToPath(import.meta.url));

// A plain object rather than defineConfig(): the workspace hoists two Vite majors (Vitest's and
// ours) and their plugin types disagree, while the config itself is the same for both.
export default {
  plugins: [tailwindcss(), reactRouter()],
  resolve: {
    // Same alias as tsconfig "paths", so `~/...` imports work in the app and in Vitest.
    alias: { '~': path.join(root, 'app') },
  },
  ssr: {
    // The contracts package ships TypeScript sources; compile it into the server bundle.
    noExternal: ['@shop/contracts'],
  },
};
