// Bundles the API into dist/ (our code and packages/shared inlined, npm dependencies left external)
// and copies the SQL migrations next to the bundle, where the migrator looks for them.
import { cpSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { build } from 'esbuild';

rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: ['src/server.ts', 'src/demo-data.ts', 'src/simulate.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  packages: 'external',
  // packages/shared ships TypeScript sources (exports map: ./name -> ./src/name.ts), so it is bundled.
  plugins: [
    {
      name: 'bundle-shared',
      setup(pluginBuild) {
        pluginBuild.onResolve({ filter: /^@scentia\/shared\/[\w.-]+$/ }, (args) => ({
          path: resolve('../../packages/shared/src', `${args.path.split('/').pop()}.ts`),
        }));
      },
    },
  ],
  logLevel: 'warning',
});
cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
