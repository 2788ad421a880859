// Where a CPU profile of the built server spent its samples, in the sources' own names: each frame of
// dist/server.js is mapped back through its source map (src/plugins/security.ts:41), each package's
// frame is named by its package (fastify, pino, prom-client…). Two tables: the share of the samples
// each of our functions is on the stack for (what a hook costs, everything it calls included), and the
// share each package (or Node itself, the garbage collector, idle) spends in its own code.
// `node scripts/cpu-profile-summary.mjs <file.cpuprofile> [rows]` (bench-request-overhead.mjs writes them).
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

const sourceMaps = new Map();

/** The source map of a bundle beside it (`server.js.map`), read once; undefined when there is none. */
function sourceMapOf(url) {
  if (!sourceMaps.has(url)) {
    let map;
    try {
      const path = url.startsWith('file:') ? fileURLToPath(url) : url;
      map = new SourceMap(JSON.parse(readFileSync(`${path}.map`, 'utf8')));
    } catch {
      map = undefined;
    }
    sourceMaps.set(url, map);
  }
  return sourceMaps.get(url);
}

/** A frame's name as a reader looks for it: `src/plugins/i18n.ts:26 onRequestLanguage`, `pino`, `(gc)`. */
function frameName({ functionName, url, lineNumber, columnNumber }) {
  if (!url) return functionName.startsWith('(') ? functionName : `(node) ${functionName || 'anonymous'}`;
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inPackage) return `${inPackage[1]} ${functionName || '(anonymous)'}`;
  if (url.startsWith('node:')) return `${url} ${functionName || '(anonymous)'}`;
  const entry = sourceMapOf(url)?.findEntry(lineNumber, columnNumber);
  if (entry?.originalSource) {
    // Sources are named relative to the map (`../src/app.ts`): resolved, then named from apps/ or packages/.
    const source = new URL(
      entry.originalSource,
      url.startsWith('file:') ? url : `file://${url}`,
    ).pathname.replace(/^.*?\/(apps|packages)\//, '$1/');
    const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
    if (inModules) return `${inModules[1]} ${functionName || '(anonymous)'}`;
    return `${source}:${entry.originalLine + 1} ${functionName || '(anonymous)'}`;
  }
  return `${url.split('/').pop()}:${lineNumber + 1} ${functionName || '(anonymous)'}`;
}

/** Whose own code a frame is: a package, Node's internals, ours, or the engine's (gc, idle, program). */
function ownerOf(name) {
  if (name.startsWith('(')) return name.split(' ')[0];
  if (name.startsWith('node:')) return 'node (JavaScript)';
  if (name.startsWith('apps/') || name.startsWith('packages/')) return 'ours';
  return name.split(' ')[0];
}

/** Inclusive shares by frame name and self shares by owner, as fractions of the sampled time. */
export function summarizeProfile(profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const names = new Map(profile.nodes.map((node) => [node.id, frameName(node.callFrame)]));
  const inclusive = new Map();
  const self = new Map();
  const selfByFrame = new Map();
  let total = 0;
  profile.samples.forEach((id, index) => {
    const weight = profile.timeDeltas[index + 1] ?? profile.timeDeltas[index] ?? 0;
    total += weight;
    const own = ownerOf(names.get(id));
    self.set(own, (self.get(own) ?? 0) + weight);
    selfByFrame.set(names.get(id), (selfByFrame.get(names.get(id)) ?? 0) + weight);
    const seen = new Set();
    for (let node = id; node !== undefined; node = parentOf.get(node)) {
      const name = names.get(node);
      if (seen.has(name) || byId.get(node).callFrame.functionName === '(root)') continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + weight);
    }
  });
  const shares = (map) =>
    [...map].map(([name, time]) => ({ name, share: time / total })).sort((a, b) => b.share - a.share);
  return {
    totalMs: total / 1000,
    inclusive: shares(inclusive),
    self: shares(self),
    selfByFrame: shares(selfByFrame),
  };
}

const percent = (share) => `${(share * 100).toFixed(1)} %`;

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [file, rows = '40'] = process.argv.slice(2);
  const summary = summarizeProfile(JSON.parse(readFileSync(file, 'utf8')));
  console.log(`${summary.totalMs.toFixed(0)} ms sampled\n\nOwn time by owner:`);
  for (const { name, share } of summary.self.slice(0, 20))
    console.log(`  ${percent(share).padStart(7)}  ${name}`);
  console.log('\nOn the stack (ours, everything called included):');
  for (const { name, share } of summary.inclusive
    .filter((row) => row.name.startsWith('apps/'))
    .slice(0, Number(rows)))
    console.log(`  ${percent(share).padStart(7)}  ${name}`);
  console.log('\nOn the stack (packages and Node):');
  for (const { name, share } of summary.inclusive
    .filter((row) => !row.name.startsWith('apps/'))
    .slice(0, Number(rows)))
    console.log(`  ${percent(share).padStart(7)}  ${name}`);
}
