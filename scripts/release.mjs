// `npm run release`: a self-contained folder that runs Scentia with Node alone, nothing from the
// repository — the built API (packages/shared inlined by its build), the built web client with its
// pre-compressed files, the migrations, the embedded brand kit, a package.json of the production
// dependencies with their lockfile, those dependencies installed, and a start script.
//
//   node scripts/release.mjs [--out <folder>] [--skip-build]
//
// The built parts keep the repository's layout (apps/api/dist, apps/api/assets, apps/web/dist), so the
// server finds its web client, migrations and brand kit where it finds them in a checkout, without a
// path setting. The direct dependencies are pinned to the versions the repository's lockfile holds;
// npm resolves theirs and writes the bundle's own package-lock.json, from which `npm ci --omit=dev`
// reinstalls the same tree elsewhere (on another platform, its own native binaries).
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const MARKER = '.scentia-release';
const repository = resolve(import.meta.dirname, '..');
const { values: options } = parseArgs({
  options: { out: { type: 'string', default: 'release' }, 'skip-build': { type: 'boolean', default: false } },
});
const out = resolve(options.out);

function fail(message) {
  console.error(`release: ${message}`);
  process.exit(1);
}

function step(message) {
  console.log(`release: ${message}`);
}

/** npm run from `npm run release` inherits npm_* settings (workspace, omit…) that must not reach the bundle's install. */
function cleanEnv() {
  const kept =
    /^npm_config_(registry|cache|userconfig|globalconfig|proxy|https_proxy|noproxy|strict_ssl|cafile|@.*:registry|\/\/.*)$/i;
  return Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name) || kept.test(name)),
  );
}

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit', env: cleanEnv() });
  if (result.status !== 0)
    fail(`${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
}

function filesUnder(folder) {
  return readdirSync(folder, { recursive: true })
    .map((name) => join(folder, name))
    .filter((path) => statSync(path).isFile());
}

/** The npm packages a built file imports (static and dynamic), by package name. */
function importedPackages(file) {
  const code = readFileSync(file, 'utf8');
  const specifiers = new Set();
  // esbuild writes each static import as a statement at the start of a line, with double quotes.
  const patterns = [
    /^(?:import|export)\s[^;]*?\bfrom\s*"([^"./][^"]*)";/gm,
    /^import\s*"([^"./][^"]*)";/gm,
    /\bimport\(\s*"([^"./][^"]*)"\s*\)/g,
  ];
  for (const pattern of patterns) for (const match of code.matchAll(pattern)) specifiers.add(match[1]);
  const builtins = new Set(builtinModules);
  return [...specifiers]
    .filter((specifier) => !specifier.startsWith('node:') && !builtins.has(specifier.split('/')[0]))
    .map((specifier) =>
      specifier
        .split('/')
        .slice(0, specifier.startsWith('@') ? 2 : 1)
        .join('/'),
    );
}

const apiDist = join(repository, 'apps/api/dist');
const webDist = join(repository, 'apps/web/dist');
if (!options['skip-build']) {
  step('building (npm run build)');
  run('npm', ['run', 'build'], repository);
}
if (!existsSync(join(apiDist, 'server.js')) || !existsSync(join(webDist, 'index.html')))
  fail('nothing built: run npm run build first, or leave out --skip-build');
if (!filesUnder(webDist).some((path) => path.endsWith('.br')))
  fail('the web client is not pre-compressed: run npm run build (it runs scripts/precompress.mjs)');

// A folder the script did not make is never emptied: --out names where to write, not what to delete.
if (existsSync(out) && readdirSync(out).length > 0 && !existsSync(join(out, MARKER)))
  fail(`${out} exists and is not a release folder; choose an empty or new --out`);
if (relative(out, repository) === '' || !relative(out, repository).startsWith('..'))
  fail('--out must not be the repository or one of its parents');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
writeFileSync(
  join(out, MARKER),
  'made by scripts/release.mjs; emptied again by the next release into this folder\n',
);

step(`copying the built API, web client, migrations and brand kit into ${out}`);
cpSync(apiDist, join(out, 'apps/api/dist'), { recursive: true });
cpSync(join(repository, 'apps/api/assets'), join(out, 'apps/api/assets'), { recursive: true });
cpSync(webDist, join(out, 'apps/web/dist'), { recursive: true });
if (!existsSync(join(out, 'apps/api/dist/migrations/meta/_journal.json')))
  fail('the build has no migrations');

// Every package the bundle imports must be a declared dependency of the API, and none a workspace:
// the build inlines packages/shared, so a leftover import of it would fail only at run time.
const api = JSON.parse(readFileSync(join(repository, 'apps/api/package.json'), 'utf8'));
const declared = Object.keys(api.dependencies).filter((name) => !name.startsWith('@scentia/'));
const imported = new Set(
  filesUnder(join(out, 'apps/api/dist'))
    .filter((path) => path.endsWith('.js'))
    .flatMap(importedPackages),
);
const undeclared = [...imported].filter((name) => !declared.includes(name));
if (undeclared.length > 0)
  fail(`the built API imports packages apps/api does not declare: ${undeclared.join(', ')}`);

// The versions the repository was tested with, from its lockfile (a copy nested under apps/api wins,
// as it does for Node's resolution from apps/api).
const lock = JSON.parse(readFileSync(join(repository, 'package-lock.json'), 'utf8'));
const pinned = Object.fromEntries(
  declared.sort().map((name) => {
    const entry = lock.packages[`apps/api/node_modules/${name}`] ?? lock.packages[`node_modules/${name}`];
    if (!entry?.version) fail(`${name} is not in package-lock.json: run npm install first`);
    return [name, entry.version];
  }),
);
const root = JSON.parse(readFileSync(join(repository, 'package.json'), 'utf8'));
const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repository, encoding: 'utf8' });
const manifest = {
  name: 'scentia-release',
  version: api.version,
  private: true,
  type: 'module',
  description: `Scentia release bundle${commit.status === 0 ? ` built from commit ${commit.stdout.trim()}` : ''}`,
  engines: root.engines,
  scripts: {
    start: 'node server.js',
    'demo-data': 'node --enable-source-maps apps/api/dist/demo-data.js',
    simulate: 'node --enable-source-maps apps/api/dist/simulate.js',
  },
  dependencies: pinned,
};
writeFileSync(join(out, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
writeFileSync(
  join(out, 'server.js'),
  `// Starts Scentia from this release folder: node server.js. Every setting is an environment variable
// (the repository's README lists them); the working directory only matters for DATA_DIR (./data).
process.setSourceMapsEnabled(true);
await import('./apps/api/dist/server.js');
`,
);

step('installing the production dependencies (npm install --omit=dev)');
run('npm', ['install', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], out);

// sharp (images) and @node-rs/argon2 (passwords) load platform binaries: prove they are there.
const probe = spawnSync(
  process.execPath,
  [
    '--input-type=module',
    '-e',
    "const sharp = (await import('sharp')).default; await import('@node-rs/argon2'); await import('@electric-sql/pglite'); console.log(sharp.versions.vips)",
  ],
  { cwd: out, encoding: 'utf8' },
);
if (probe.status !== 0) fail(`the native dependencies do not load here:\n${probe.stderr}`);

const megabytes = (folder) =>
  `${(filesUnder(folder).reduce((sum, path) => sum + statSync(path).size, 0) / 1_048_576).toFixed(0)} MB`;
step(
  `done: ${out} (${megabytes(out)}, of which node_modules ${megabytes(join(out, 'node_modules'))}; libvips ${probe.stdout.trim()})`,
);
step(
  `start it with: node ${join(relative(process.cwd(), out).startsWith('..') ? out : relative(process.cwd(), out), 'server.js')}`,
);
