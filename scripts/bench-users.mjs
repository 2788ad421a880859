// Users list and export at 1,000,000 rows on PostgreSQL (`npm run bench` runs it; BENCH_USERS changes
// the row count). The data set is seeded once into the database `scentia_bench` and kept between runs.
//  - list: p50/p95/p99 of GET /api/usuario (search + sort + page + total) at 50 concurrent requests, with
//    autocannon, every latency recorded;
//  - floor: the same statements as the repository (page, estimate, count) straight through `pg`, 50
//    concurrent callers;
//  - shapes: every list shape (search kind × sort × direction × state) once, without load;
//  - export: GET /api/export of every active user, time and the server's peak memory.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { keptDatabase, ms, signIn, startServer, summarize } from './bench-support.mjs';
import { postgresForTests } from './postgres-for-tests.mjs';

const ROWS = Number(process.env.BENCH_USERS ?? 1_000_000);
const PORT = 3291;
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
/**
 * Each side of a phase first runs its load this long, unmeasured: the API's first seconds under load are
 * spent compiling its hot paths (V8's optimiser), which the floor's few statements in `pg` barely need.
 */
const WARM_UP_SECONDS = 3;
const SLICE_SECONDS = 5;
const CONNECTIONS = 50;
const DATABASE = 'scentia_bench';

// Realistic back-office queries: first page, a sorted later page, name and e-mail searches, and a
// broad one-word search sorted by name (the costliest realistic case: ~29,000 matches to sort; the
// count stops at the cap).
// `words`, `order`, `offset`, `limit` describe the SQL the repository sends, for the floor.
const QUERIES = [
  {
    path: 'page=1&perPage=10&isActive=true',
    active: true,
    words: [],
    order: 'u.created_at desc, u.id desc',
    offset: 0,
    limit: 10,
  },
  {
    path: 'page=5&perPage=20&isActive=true&orderBy=User.Nome&orderByDirection=asc',
    active: true,
    words: [],
    order: 'u.search_text asc, u.id asc',
    offset: 80,
    limit: 20,
  },
  {
    path: 'page=1&perPage=10&isActive=true&search=mariana%20rocha%20pinto',
    active: true,
    words: ['mariana', 'rocha', 'pinto'],
    order: 'u.created_at desc, u.id desc',
    offset: 0,
    limit: 10,
  },
  {
    path: 'page=1&perPage=10&search=jo%C3%A3o.almeida12&orderBy=User.Email&orderByDirection=asc',
    words: ['joao', 'almeida12'],
    order: "(u.email || '') asc, u.id asc",
    offset: 0,
    limit: 10,
  },
  {
    path: 'page=2&perPage=50&isActive=true&search=helena%20cardoso',
    active: true,
    words: ['helena', 'cardoso'],
    order: 'u.created_at desc, u.id desc',
    offset: 50,
    limit: 50,
  },
  {
    path: 'page=1&perPage=10&isActive=true&search=mariana&orderBy=User.Nome&orderByDirection=asc',
    active: true,
    words: ['mariana'],
    nameSort: true,
    order: 'u.search_text asc, u.id asc',
    offset: 0,
    limit: 10,
  },
];

async function seed(client) {
  const { rows } = await client.query('select count(*)::int as total from users');
  if (rows[0].total >= ROWS) return 0;
  const started = performance.now();
  const first = `array['Ana','Beatriz','Camila','Daniela','Eduarda','Fernanda','Gabriela','Helena','Isabela','Júlia','Larissa','Mariana','Natália','Patrícia','Rafaela','Sofia','Tatiane','Valentina','André','Bruno','Carlos','Diego','Eduardo','Felipe','Gustavo','Henrique','João','Lucas','Marcelo','Otávio','Pedro','Rafael','Thiago','Vinícius']`;
  const last = `array['Silva','Santos','Oliveira','Souza','Rodrigues','Ferreira','Alves','Pereira','Lima','Gomes','Costa','Ribeiro','Martins','Carvalho','Almeida','Lopes','Soares','Fernandes','Vieira','Barbosa','Rocha','Dias','Nascimento','Andrade','Moreira','Nunes','Marques','Machado','Mendes','Freitas','Cardoso','Ramos','Gonçalves','Santana','Teixeira','Araújo','Monteiro','Cavalcanti','Pinto','Moura']`;
  const cities = `array['São Paulo','Rio de Janeiro','Belo Horizonte','Curitiba','Porto Alegre','Salvador','Recife','Fortaleza','Brasília','Goiânia']`;
  const chunk = 100_000;
  for (let from = rows[0].total + 1; from <= ROWS; from += chunk) {
    const to = Math.min(ROWS, from + chunk - 1);
    // Benchmark rows are nobody's change: each chunk's transaction turns the audit trail off (the
    // triggers skip it), as lib/audit/audit-context.ts withoutAudit does for demonstration data.
    await client.query('begin');
    await client.query(`select set_config('scentia.audit', 'off', true)`);
    await client.query(`
      insert into users (name, email, profile_id, country, city, state, zipcode, confirmed_at, deleted_at, created_at)
      select p.first || ' ' || p.last1 || ' ' || p.last2,
             lower(translate(p.first || '.' || p.last1, 'áàâãéêíóôõúçÁÉÍÓÚ', 'aaaaeeiooooucaeiou')) || i || '@exemplo.com.br',
             (select id from profiles where name = case when i % 12 = 0 then 'OPERADOR' else 'USER' end),
             'BR', (${cities})[1 + i % 10], 'SP', lpad((i % 99999999)::text, 8, '0'),
             case when i % 7 = 0 then null else timestamp '2024-01-01' + i * interval '30 seconds' end,
             case when i % 20 = 0 then timestamp '2024-01-02' + i * interval '30 seconds' end,
             timestamp '2024-01-01' + i * interval '30 seconds'
      from generate_series(${from}::int, ${to}::int) as i
      cross join lateral (select (${first})[1 + i % 34] as first, (${last})[1 + (i / 34) % 40] as last1,
                                 (${last})[1 + (i / 1360) % 40] as last2) p
      on conflict do nothing`);
    await client.query('commit');
    process.stdout.write(`  seeded ${to.toLocaleString('en')} users\r`);
  }
  await client.query('analyze users');
  return (performance.now() - started) / 1000;
}

function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const read = (key) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
  return { rssMb: read('VmRSS') };
}

const postgres = await postgresForTests();
if (!postgres.url) {
  console.log(`Users benchmark skipped: ${postgres.reason}`);
  process.exit(0);
}
const databaseUrl = await keptDatabase(postgres.url, DATABASE);
const server = await startServer({ port: PORT, databaseUrl, env: { LOGIN_MAX_FAILURES_PER_IP: '1000' } });
const { base } = server;

const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
const seedSeconds = await seed(client);
// Keep the planner's statistics and the visibility map current, as autovacuum would on a live server.
await client.query('vacuum analyze users');
const {
  rows: [{ total }],
} = await client.query('select count(*)::int as total from users');
await client.end();

const { headers } = await signIn(base);
for (const query of QUERIES) {
  const response = await fetch(`${base}/api/usuario?${query.path}`, { headers });
  if (!response.ok) throw new Error(`${query.path} answered ${response.status}`);
}

/** The median time of `runs` requests to `path`, one after another (no load). */
async function medianTime(path, runs) {
  const times = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    const response = await fetch(`${base}${path}`, { headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    times.push(performance.now() - started);
  }
  return summarize(times).p50;
}

// Each query alone through the API (median of 5), to show where the time goes.
const alone = [];
for (const query of QUERIES)
  alone.push({ path: query.path, ms: await medianTime(`/api/usuario?${query.path}`, 5) });

// Load phases: browsing (no search) and searching, each through the API and straight through pg.
async function loadApi(queries, seconds) {
  const latencies = [];
  let errors = 0;
  const run = autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: seconds,
    headers,
    requests: queries.map((query) => ({ method: 'GET', path: `/api/usuario?${query.path}` })),
  });
  run.on('response', (_client, statusCode, _bytes, responseTime) => {
    latencies.push(responseTime);
    if (statusCode !== 200) errors += 1;
  });
  await run;
  return { latencies, errors };
}

// The floor: the statements the repository sends, straight through pg, with the server's pool size.
const columns = `u.id, u.name, u.email, u.cpf, u.document, u.genre, u.birthday, u.street, u.city, u.state, u.zipcode, u.country,
  u.language, u.confirmed_at, u.deleted_at, u.created_at, u.updated_at, p.id, p.name`;
const statementsOf = (query, index) => {
  const active = query.active ? 'u.deleted_at is null' : undefined;
  const name = (part) => `floor_${index}_${part}`;
  if (!query.words.length) {
    const total = `(select coalesce(sum(rc.total), 0)::int from row_counts rc where rc.resource = 'users'${query.active ? ' and rc.is_active' : ''})`;
    return {
      parallel: [
        {
          plannedOnce: true,
          name: name('page'),
          text: `select ${columns}, ${total} from users u join profiles p on p.id = u.profile_id
          where ${active ?? 'true'} order by ${query.order} limit ${query.limit} offset ${query.offset}`,
        },
      ],
    };
  }
  // As the repository writes them (users-list.statements.ts): each word begins the first token (marked) or
  // another word; each state has its own index, and a list of both states asks both.
  const wordsFrom = (from) =>
    query.words.slice(from).map((_, offset) => `u.search_prefixes && $${from + offset + 1}::text[]`);
  // Each word in its four stored forms (migrations 0007 and 0031): `^` begins the first token, `@` the
  // e-mail lies in the word's range of the e-mail index.
  const values = query.words.map((word) => [`^${word}`, word, `^@${word}`, `@${word}`]);
  const where = (conditions) =>
    query.active
      ? [active, ...conditions].join(' and ')
      : `((u.deleted_at is null and ${conditions.join(' and ')}) or (u.deleted_at is not null and ${conditions.join(' and ')}))`;
  // A name-sorted page runs beside the planner's estimate (remembered for a minute); only an estimate of
  // 1,000 or fewer is counted after.
  const estimate = {
    text: `explain (format json) select 1 from users u where ${where(wordsFrom(0))}`,
    values,
  };
  const count = {
    plannedOnce: true,
    name: name('count'),
    text: `select count(*) from (select u.id from users u where ${where(wordsFrom(0))} limit 1001) m`,
    values,
  };
  const select = (conditions, order, limit, offset) =>
    `select ${columns}, u.search_text from users u join profiles p on p.id = u.profile_id
      where ${conditions} order by ${order} limit ${limit} offset ${offset}`;
  if (!query.nameSort) {
    // Sorted by anything but the name: the matches' keys are sorted and only the page is read whole; a
    // search estimated at 5,000 matches or fewer sorts and counts them all in one statement.
    const matching = where(wordsFrom(0));
    const [sortKey, direction] = query.order.split(', ')[0].split(/ (?=asc$|desc$)/);
    return {
      estimate,
      page: {
        name: name('page'),
        text: `select ${columns} from users u join profiles p on p.id = u.profile_id
          where u.id in (select u.id from users u where ${matching} order by ${query.order}
                         limit ${query.limit} offset ${query.offset}) order by ${query.order}`,
        values,
      },
      counted: {
        plannedOnce: true,
        name: name('counted'),
        text: `with matches as (select u.id, ${sortKey} as sort_key from users u where ${matching} limit 5001)
          select ${columns}, (select count(*)::int from matches) from users u join profiles p on p.id = u.profile_id
          where u.id in (select id from matches order by sort_key ${direction}, id ${direction}
                         limit ${query.limit} offset ${query.offset}) order by ${query.order}`,
        values,
      },
    };
  }
  const take = query.offset + query.limit;
  const n = query.words.length;
  const first = query.words[0];
  const firstValues = [
    ...values.slice(1),
    first,
    first.slice(0, -1) + String.fromCharCode(first.charCodeAt(first.length - 1) + 1),
  ];
  const restValues = [...values.slice(1), [first, `@${first}`]];
  const shifted = (from) =>
    wordsFrom(from).map((condition) => condition.replace(/\$(\d+)/, (_, i) => `$${i - 1}`));
  const parallel = [
    {
      name: name('first'),
      // Both states: the other words through each state's search index, as the repository does.
      text: select(
        [
          `u.search_text >= $${n} and u.search_text < $${n + 1}`,
          ...(query.active || n === 1 ? [active, ...shifted(1)] : [where(shifted(1))]),
        ]
          .filter(Boolean)
          .join(' and '),
        query.order,
        take,
        0,
      ),
      values: firstValues,
    },
    {
      name: name('rest'),
      // Sorted on an expression, as the repository does, so it is never a walk of the name index.
      text: select(
        where([`u.search_prefixes && $${n}::text[]`, ...shifted(1)]),
        query.order.replace('u.search_text', "(u.search_text || '')"),
        take,
        0,
      ),
      values: restValues,
    },
  ];
  return { parallel, estimate, count };
};
// As the server: estimates remembered for a minute, by query (the server keys them by words and state).
const estimates = new Map();
async function loadFloor(queries, seconds) {
  // As the server (db/client.ts): statements whose plan does not depend on their values are planned once,
  // on a pool of their own; the others with their values at every call.
  const poolOf = (mode) =>
    new pg.Pool({
      connectionString: databaseUrl,
      max: 10,
      options: `-c plan_cache_mode=${mode} -c random_page_cost=1.1 -c max_parallel_workers_per_gather=0`,
    });
  const custom = poolOf('force_custom_plan');
  const plannedOnce = poolOf('force_generic_plan');
  const run = (statement) => (statement.plannedOnce ? plannedOnce : custom).query(statement);
  const latencies = [];
  const deadline = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, worker) => {
      for (let index = worker; Date.now() < deadline; index += 1) {
        const position = QUERIES.indexOf(queries[index % queries.length]);
        const statements = statementsOf(QUERIES[position], position);
        const started = performance.now();
        const estimated = async () => {
          const remembered = estimates.get(position);
          if (remembered && remembered.expiresAt > Date.now()) return remembered.estimate;
          const { rows } = await custom.query(statements.estimate);
          const estimate = Object.values(rows[0])[0][0].Plan['Plan Rows'];
          estimates.set(position, { estimate, expiresAt: Date.now() + 60_000 });
          return estimate;
        };
        if (statements.counted) {
          await run((await estimated()) > 5000 ? statements.page : statements.counted);
        } else {
          const [estimate] = await Promise.all([
            statements.estimate ? estimated() : undefined,
            ...statements.parallel.map(run),
          ]);
          if (statements.count && estimate <= 1000) await run(statements.count);
        }
        latencies.push(performance.now() - started);
      }
    }),
  );
  await Promise.all([custom.end(), plannedOnce.end()]);
  return { latencies };
}

/**
 * A phase's load through the API and through `pg` in turns of SLICE_SECONDS, the side that goes first
 * changing every turn, each side warmed up first: on these shared cores the machine's speed drifts by
 * tens of percent within a minute, and a ratio of two runs made one after the other measured the drift
 * as much as the API. Answers each side's latencies over all its turns.
 */
async function loadInTurns(queries) {
  await loadApi(queries, WARM_UP_SECONDS);
  await loadFloor(queries, WARM_UP_SECONDS);
  const latencies = { api: [], floor: [] };
  let apiErrors = 0;
  const turns = Math.max(1, Math.round(DURATION_SECONDS / SLICE_SECONDS));
  const seconds = DURATION_SECONDS / turns;
  for (let turn = 0; turn < turns; turn += 1) {
    for (const side of turn % 2 === 0 ? ['api', 'floor'] : ['floor', 'api']) {
      const slice = side === 'api' ? await loadApi(queries, seconds) : await loadFloor(queries, seconds);
      for (const latency of slice.latencies) latencies[side].push(latency);
      if (side === 'api') apiErrors += slice.errors;
    }
  }
  return {
    api: { ...summarize(latencies.api), errors: apiErrors },
    floor: summarize(latencies.floor),
  };
}

const browsing = QUERIES.filter((query) => query.words.length === 0);
const searching = QUERIES.filter((query) => query.words.length > 0 && !query.nameSort);
const broad = QUERIES.filter((query) => query.nameSort);
const phases = [];
for (const [name, queries] of [
  ['browsing (no search)', browsing],
  ['searching names and e-mails', searching],
  ['one broad word, sorted by name', broad],
  ['all queries mixed', QUERIES],
]) {
  phases.push({ name, ...(await loadInTurns(queries)) });
}

// Every list shape once (no load): each search kind × every sort × both directions × each state, page 3
// of 20, median of 3 requests. The load phases measure a realistic mix; this finds the shapes it misses.
const shapes = [];
for (const search of ['', 'mariana', 'helena cardoso', 'silva santos', 'zzz']) {
  for (const orderBy of ['User.Nome', 'User.Email', 'User.CreatedAt', 'User.Id', 'Profile.Nome']) {
    for (const direction of ['asc', 'desc']) {
      for (const state of ['&isActive=true', '&isActive=false', '']) {
        const query = `page=3&perPage=20&orderBy=${orderBy}&orderByDirection=${direction}${state}`;
        shapes.push(`/api/usuario?${query}${search ? `&search=${encodeURIComponent(search)}` : ''}`);
      }
    }
  }
}
shapes.push('/api/perfil?page=1&perPage=10&orderBy=totalUsuarios&orderByDirection=desc');
const shapeTimes = [];
for (const path of shapes) shapeTimes.push({ path, ms: await medianTime(path, 3) });

// The export of every active user, with the server's memory sampled while it streams.
const before = memoryOf(server.pid);
let peakRss = before.rssMb;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, memoryOf(server.pid).rssMb);
}, 50);
const exportStarted = performance.now();
const download = await fetch(`${base}/api/export?isActive=true&orderBy=User.CreatedAt&orderByDirection=asc`, {
  headers,
});
let bytes = 0;
for await (const chunk of download.body) bytes += chunk.length;
const exportSeconds = (performance.now() - exportStarted) / 1000;
clearInterval(sampler);
server.stop();
postgres.stop();

console.log(
  `\nUsers table: ${total.toLocaleString('en')} rows${seedSeconds ? ` (seeded in ${seedSeconds.toFixed(0)} s)` : ''}, PostgreSQL, ${CONNECTIONS} concurrent requests, ${DURATION_SECONDS} s a side and phase, in turns of ${SLICE_SECONDS} s.\n`,
);
console.log('| phase | through | requests | p50 | p95 | p99 |\n|---|---|---|---|---|---|');
for (const phase of phases) {
  const { api, floor } = phase;
  console.log(
    `| ${phase.name} | API | ${api.count}${api.errors ? ` (${api.errors} errors)` : ''} | ${ms(api.p50)} | ${ms(api.p95)} | ${ms(api.p99)} |`,
  );
  console.log(
    `| ${phase.name} | pg (floor) | ${floor.count} | ${ms(floor.p50)} | ${ms(floor.p95)} | ${ms(floor.p99)} |`,
  );
}
console.log('\n| phase | API / floor, requests (budget ≥ 0.5) |\n|---|---|');
for (const { name, api, floor } of phases)
  console.log(`| ${name} | ${(api.count / floor.count).toFixed(2)} |`);
console.log('\nBudget: p95 under 50 ms and within 1.5× of the floor.');
console.log('\n| query (alone, median of 5) | ms |\n|---|---|');
for (const entry of alone) console.log(`| \`${decodeURIComponent(entry.path)}\` | ${entry.ms.toFixed(1)} |`);
const shapeSummary = summarize(shapeTimes.map((shape) => shape.ms));
const slowShapes = shapeTimes.filter((shape) => shape.ms > 50).sort((a, b) => b.ms - a.ms);
console.log(
  `\nEvery list shape once (${shapeTimes.length} shapes, median of 3 each): p50 ${ms(shapeSummary.p50)}, p95 ${ms(shapeSummary.p95)}, slowest ${ms(Math.max(...shapeTimes.map((shape) => shape.ms)))}; ${slowShapes.length} over 50 ms${slowShapes.length ? ':' : '.'}`,
);
for (const shape of slowShapes) console.log(`- ${ms(shape.ms)} \`${decodeURIComponent(shape.path)}\``);
console.log(
  `\nExport of every active user: ${(bytes / 1024 / 1024).toFixed(1)} MB .xlsx in ${exportSeconds.toFixed(1)} s; server memory ${before.rssMb.toFixed(0)} MB before, peak ${peakRss.toFixed(0)} MB while streaming.`,
);
