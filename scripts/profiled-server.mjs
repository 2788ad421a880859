// The built server with a CPU profiler it turns on and off at SIGUSR2: each second signal writes the
// profile since the first to PROFILE_DIR/<n>.cpuprofile (open it in Chrome's DevTools or speedscope).
// Node 20 refuses --cpu-prof in NODE_OPTIONS, and the benches start `node <server>`: BENCH_SERVER may
// name this file instead (PROFILED_SERVER names the server, apps/api/dist/server.js by default).
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const session = new Session();
session.connect();
let isProfiling = false;
let written = 0;
process.on('SIGUSR2', () => {
  if (!isProfiling) {
    session.post('Profiler.enable', () => session.post('Profiler.start'));
    isProfiling = true;
    return;
  }
  session.post('Profiler.stop', (error, answer) => {
    if (!error)
      writeFileSync(`${process.env.PROFILE_DIR}/${++written}.cpuprofile`, JSON.stringify(answer.profile));
  });
  isProfiling = false;
});
await import(pathToFileURL(resolve(process.env.PROFILED_SERVER ?? 'apps/api/dist/server.js')).href);
