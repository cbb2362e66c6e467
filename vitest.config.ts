import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          include: ['shared/**/*.test.ts', 'server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['server/test/global-setup.ts', 'cli/test/global-setup.ts'],
          // The files share one module graph per worker instead of importing the whole server
          // again each (three minutes of a run); every file builds its own apps and restores what it mocks.
          isolate: false,
          testTimeout: 20_000,
          // Building an app on PostgreSQL (schema + migrations) can pass 10 s on a loaded 2-core machine.
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'cli',
          include: ['cli/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['cli/test/global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['web/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['web/src/test-setup.ts'],
          // One module graph and one DOM for every file, as for the server's tests: importing React
          // and setting up the DOM again for each file was three quarters of the project's time.
          // Each file cleans up what it renders.
          isolate: false,
          // As for the others: a dialog test can pass 5 s on a loaded 2-core machine.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['e2e/global-setup.ts', 'cli/test/global-setup.ts'],
          // One module graph for every journey, as for the server's tests.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
