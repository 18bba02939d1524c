import { defineConfig } from 'vitest/config';

// One runner for every front-end workspace. Build-output checks live in
// frontends/*/test and run against the source configs (no build needed).
export default defineConfig({
  esbuild: { jsx: 'automatic' },
  test: {
    environment: 'happy-dom',
    include: ['frontends/*/src/**/*.test.{ts,tsx}', 'frontends/*/test/**/*.test.{ts,mjs}', 'shell/root-config/src/**/*.test.ts', 'shell/root-config/test/**/*.test.{ts,mjs}', 'scripts/**/*.test.mjs'],
    setupFiles: ['./scripts/vitest-setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    reporters: ['default', './scripts/vitest-summary-reporter.mjs'],
  },
});
