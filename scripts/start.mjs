// `npm start`: runs the built server. A fresh clone has nothing built yet, so the first start builds
// once; after that it starts in a few seconds without building anything.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const isBuilt = existsSync('apps/api/dist/server.js') && existsSync('apps/web/dist/index.html');
if (!isBuilt) {
  console.error('Nothing built yet: running npm run build once...');
  execSync('npm run build', { stdio: 'inherit' });
}
await import('../apps/api/dist/server.js');
