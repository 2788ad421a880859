// Organisations and locations lists at 100,000 rows each on PostgreSQL (`npm run bench` runs it;
// BENCH_CLIENTS changes the row count). The data set is seeded once into the database `scentia_bench`
// (beside the users benchmark's) and kept between runs.
//  - each query under load: p50/p95/p99 of the list route at 50 concurrent requests (autocannon, every
//    latency recorded), BENCH_QUERY_SECONDS (default 4) each;
//  - floor: the same statements the repository sends, straight through `pg`, 50 concurrent callers on
//    the server's pool size and planner settings;
//  - alone: each query once more without load (median of 5), to show where the time goes.
// Budgets (ENGINEERING.md §6): browsing p95 under 50 ms; searches within 2× of their floor.
import autocannon from 'autocannon';
import pg from 'pg';
import { keptDatabase, ms, signIn, startServer, summarize } from './bench-support.mjs';
import { postgresForTests } from './postgres-for-tests.mjs';

const ROWS = Number(process.env.BENCH_CLIENTS ?? 100_000);
const PORT = 3292;
const QUERY_SECONDS = Number(process.env.BENCH_QUERY_SECONDS ?? 4);
const CONNECTIONS = 50;
const DATABASE = 'scentia_bench';
/** Chains: the first organisations each have CHAIN_SIZE locations; the others one each. */
const CHAINS = Math.max(1, Math.floor(ROWS / 1000));
const CHAIN_SIZE = 500;

const CITIES = [
  ['São Paulo', 'SP', 'America/Sao_Paulo'],
  ['Rio de Janeiro', 'RJ', 'America/Sao_Paulo'],
  ['Belo Horizonte', 'MG', 'America/Sao_Paulo'],
  ['Curitiba', 'PR', 'America/Sao_Paulo'],
  ['Porto Alegre', 'RS', 'America/Sao_Paulo'],
  ['Salvador', 'BA', 'America/Bahia'],
  ['Recife', 'PE', 'America/Recife'],
  ['Fortaleza', 'CE', 'America/Fortaleza'],
  ['Brasília', 'DF', 'America/Sao_Paulo'],
  ['Goiânia', 'GO', 'America/Sao_Paulo'],
  ['Manaus', 'AM', 'America/Manaus'],
  ['Belém', 'PA', 'America/Belem'],
  ['Campo Grande', 'MS', 'America/Campo_Grande'],
  ['Cuiabá', 'MT', 'America/Cuiaba'],
  ['Florianópolis', 'SC', 'America/Sao_Paulo'],
  ['Natal', 'RN', 'America/Fortaleza'],
  ['Campinas', 'SP', 'America/Sao_Paulo'],
  ['Santos', 'SP', 'America/Sao_Paulo'],
  ['Vitória', 'ES', 'America/Sao_Paulo'],
  ['Porto Velho', 'RO', 'America/Porto_Velho'],
];
const sqlArray = (values) => `array[${values.map((value) => `'${value.replaceAll("'", "''")}'`).join(',')}]`;
const cityColumn = (index) => sqlArray(CITIES.map((city) => city[index]));
const KINDS = sqlArray([
  'Perfumaria',
  'Drogaria',
  'Farmácia',
  'Boutique',
  'Empório',
  'Magazine',
  'Cosméticos',
  'Rede',
  'Grupo',
  'Casa',
]);
const WORDS = sqlArray([
  'Aroma',
  'Essência',
  'Jasmim',
  'Lavanda',
  'Âmbar',
  'Cedro',
  'Sândalo',
  'Orquídea',
  'Baunilha',
  'Bergamota',
  'Alecrim',
  'Violeta',
  'Magnólia',
  'Vetiver',
  'Gardênia',
  'Canela',
  'Íris',
  'Musgo',
  'Patchouli',
  'Lírio',
]);
const FIRST = sqlArray([
  'Ana',
  'Bruno',
  'Camila',
  'Diego',
  'Fernanda',
  'Gustavo',
  'Helena',
  'João',
  'Mariana',
  'Otávio',
]);
const LAST = sqlArray([
  'Silva',
  'Souza',
  'Oliveira',
  'Costa',
  'Rocha',
  'Almeida',
  'Cardoso',
  'Moura',
  'Pinto',
  'Lima',
]);
const SITES = sqlArray([
  'Loja',
  'Quiosque',
  'Shopping',
  'Centro',
  'Aeroporto',
  'Galeria',
  'Outlet',
  'Estação',
]);

/**
 * Organisations: "Perfumaria Lavanda 1234" (kind × word × number, so a word finds 1 in 20 and a kind
 * 1 in 10), a legal name, a 14-digit CNPJ whose first 8 digits are the number (valid check digits are
 * not needed by SQL), a contact, a city of 20; 1 in 20 inactive; created a minute apart. Locations: the
 * first CHAINS organisations have CHAIN_SIZE each, the rest of the rows one each, in cities and time
 * zones of the 20. Seeded by SQL with the audit trail off, as the users benchmark is.
 */
async function seed(client) {
  const started = performance.now();
  const [{ organizations }] = (await client.query('select count(*)::int as organizations from organizations'))
    .rows;
  const chunk = 50_000;
  for (let from = organizations + 1; from <= ROWS; from += chunk) {
    const to = Math.min(ROWS, from + chunk - 1);
    await client.query('begin');
    await client.query(`select set_config('scentia.audit', 'off', true)`);
    await client.query(`
      insert into organizations (name, legal_name, cnpj, contact_name, contact_email, phone, zipcode, street,
        city, state, country, note, created_at, updated_at, deleted_at)
      select p.kind || ' ' || p.word || ' ' || i, p.kind || ' ' || p.word || ' ' || i || ' Comércio Ltda',
             lpad(i::text, 8, '0') || '0001' || lpad((i % 97)::text, 2, '0'),
             p.first || ' ' || p.last, lower(translate(p.first, 'ãáéíóúô', 'aaeiouo')) || '.' || i || '@cliente.com.br',
             '11' || lpad((900000000 + i)::text, 9, '0'), lpad((1000000 + i * 37 % 8999999)::text, 8, '0'),
             'Rua ' || p.word || ', ' || (i % 2000 + 1), (${cityColumn(0)})[1 + i % 20], (${cityColumn(1)})[1 + i % 20],
             'BR', null, timestamp '2025-01-01' + i * interval '1 minute', timestamp '2025-01-01' + i * interval '1 minute' + (i % 1000) * interval '1 hour',
             case when i % 20 = 0 then timestamp '2025-06-01' + i * interval '1 minute' end
      from generate_series(${from}::int, ${to}::int) as i
      cross join lateral (select (${KINDS})[1 + i % 10] as kind, (${WORDS})[1 + (i / 10) % 20] as word,
                                 (${FIRST})[1 + i % 10] as first, (${LAST})[1 + (i / 7) % 10] as last) p
      on conflict do nothing`);
    await client.query('commit');
    process.stdout.write(`  seeded ${to.toLocaleString('en')} organisations\r`);
  }
  const [{ locations }] = (await client.query('select count(*)::int as locations from locations')).rows;
  const chained = CHAINS * CHAIN_SIZE;
  for (let from = locations + 1; from <= ROWS; from += chunk) {
    const to = Math.min(ROWS, from + chunk - 1);
    await client.query('begin');
    await client.query(`select set_config('scentia.audit', 'off', true)`);
    await client.query(`
      insert into locations (organization_id, name, zipcode, street, city, state, country, time_zone, created_at,
        updated_at, deleted_at)
      select case when i <= ${chained} then 1 + (i - 1) % ${CHAINS} else ${CHAINS} + (i - ${chained}) end,
             (${SITES})[1 + i % 8] || ' ' || (${cityColumn(0)})[1 + (i / 3) % 20] || ' ' || i,
             lpad((1000000 + i * 53 % 8999999)::text, 8, '0'), 'Avenida Central, ' || (i % 3000 + 1),
             (${cityColumn(0)})[1 + (i / 3) % 20], (${cityColumn(1)})[1 + (i / 3) % 20], 'BR', (${cityColumn(2)})[1 + (i / 3) % 20],
             timestamp '2025-02-01' + i * interval '1 minute', timestamp '2025-02-01' + i * interval '1 minute' + (i % 500) * interval '1 hour',
             case when i % 25 = 0 then timestamp '2025-07-01' + i * interval '1 minute' end
      from generate_series(${from}::int, ${to}::int) as i
      on conflict do nothing`);
    await client.query('commit');
    process.stdout.write(`  seeded ${to.toLocaleString('en')} locations    \r`);
  }
  return (performance.now() - started) / 1000;
}

// The statements the repositories send (lib/resource-kit/resource-list.ts with the organisations and
// locations declarations): a page (its columns, the state, the filter, each search word as a `like` on
// search_text, the sort and the id, limit and offset) beside its total — the trigger-kept row count
// without a search or filter, else a count of the same condition — then what the page adds to its rows
// (an organisation's location counts). With a search, a text sort is an expression (`(column || '')`),
// and a location total counts without the join (a location always has its organisation). A page past the first picks its ids from
// the table alone — from the sort's index, which holds the state (migration 0020) — then reads its rows.
const ORGANIZATION_COLUMNS = `o.id, o.name, o.legal_name, o.cnpj, o.contact_name, o.contact_email, o.phone, o.zipcode,
  o.street, o.city, o.state, o.country, o.note, o.created_at, o.updated_at, o.deleted_at`;
const LOCATION_COLUMNS = `l.id, l.organization_id, o.name, o.deleted_at, l.name, l.zipcode, l.street, l.city, l.state,
  l.country, l.time_zone, l.note, l.created_at, l.updated_at, l.deleted_at`;
/** An organisation page's location counts (organizations.repository.ts), for the page's ids. */
const LOCATION_COUNTS_OF_PAGE = `select organization_id, count(*)::int, (count(*) filter (where deleted_at is null))::int
  from locations where organization_id = any($1) group by organization_id`;
const LISTS = {
  organizations: {
    from: 'organizations o',
    alias: 'o',
    columns: ORGANIZATION_COLUMNS,
    table: 'organizations o',
    details: LOCATION_COUNTS_OF_PAGE,
    textSorts: ['name', 'legalName', 'city'],
    sorts: {
      name: 'o.search_name',
      legalName: 'o.legal_name',
      city: 'o.city',
      createdAt: 'o.created_at',
      updatedAt: 'o.updated_at',
    },
    defaultSort: ['createdAt', 'desc'],
  },
  locations: {
    from: 'locations l join organizations o on o.id = l.organization_id',
    alias: 'l',
    columns: LOCATION_COLUMNS,
    // The join only adds columns: a page's ids past the first and a searched total come from the
    // table alone.
    table: 'locations l',
    textSorts: ['name', 'organization', 'city'],
    sorts: {
      name: 'l.search_name',
      organization: 'l.search_organization',
      city: 'l.city',
      createdAt: 'l.created_at',
      updatedAt: 'l.updated_at',
    },
    defaultSort: ['createdAt', 'desc'],
  },
};

/** A list query: its address on the API and the statements of its floor. */
function listQuery(list, label, { page = 1, perPage = 10, sort, direction, search, organizationId }) {
  const definition = LISTS[list];
  const [sortName, sortDirection] = sort ? [sort, direction ?? 'asc'] : definition.defaultSort;
  const params = new URLSearchParams({ page: String(page), perPage: String(perPage), isActive: 'true' });
  if (sort) params.set('orderBy', sort);
  if (sort) params.set('orderByDirection', sortDirection);
  if (search) params.set('search', search);
  if (organizationId) params.set('organizationId', String(organizationId));
  const { alias } = definition;
  const values = [];
  const conditions = [`${alias}.deleted_at is null`];
  if (organizationId) {
    values.push(organizationId);
    conditions.push(`${alias}.organization_id = $${values.length}`);
  }
  // As the organisations' searchWord: a CNPJ piece loses its mask.
  const words = (search ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((word) =>
      /\d/.test(word) && /^[\dA-Za-z]+([./-][\dA-Za-z]*)+$/.test(word) ? word.replace(/[./-]/g, '') : word,
    )
    .map((word) => word.toLowerCase().normalize('NFD').replace(/\p{M}/gu, ''));
  for (const word of words) {
    values.push(`%${word}%`);
    conditions.push(`${alias}.search_text like $${values.length}`);
  }
  const where = conditions.join(' and ');
  const sorted = definition.sorts[sortName];
  const column = search && definition.textSorts.includes(sortName) ? `(${sorted} || '')` : sorted;
  const order = `order by ${column} ${sortDirection}, ${alias}.id ${sortDirection}`;
  const paging = `limit $${values.length + 1} offset $${values.length + 2}`;
  const pageValues = [...values, perPage, (page - 1) * perPage];
  const counted = search || organizationId;
  const idsFirst = definition.table && page > 1;
  return {
    list,
    label,
    kind: search ? 'search' : 'browse',
    path: `/api/${list}?${params}`,
    statements: [
      {
        text: idsFirst
          ? `select ${definition.columns} from ${definition.from}
              where ${alias}.id in (select ${alias}.id from ${definition.table} where ${where} ${order} ${paging}) ${order}`
          : `select ${definition.columns} from ${definition.from} where ${where} ${order} ${paging}`,
        values: pageValues,
      },
      counted
        ? { text: `select count(*) from ${definition.table ?? definition.from} where ${where}`, values }
        : {
            text: `select coalesce(sum(total), 0) from row_counts where resource = $1 and is_active = $2`,
            values: [list, true],
          },
    ],
    details: definition.details,
  };
}

const DEEP = 500;
const QUERIES = [
  listQuery('organizations', 'first page (newest first)', {}),
  listQuery('organizations', `page ${DEEP} of 20 (newest first)`, { page: DEEP, perPage: 20 }),
  listQuery('organizations', 'by name', { sort: 'name' }),
  listQuery('organizations', `by name, page ${DEEP} of 20`, { sort: 'name', page: DEEP, perPage: 20 }),
  listQuery('organizations', 'by legal name', { sort: 'legalName' }),
  listQuery('organizations', 'by city, descending', { sort: 'city', direction: 'desc' }),
  listQuery('organizations', 'by last update, descending', { sort: 'updatedAt', direction: 'desc' }),
  listQuery('organizations', 'a name word ("lavanda")', { search: 'lavanda' }),
  listQuery('organizations', 'two words by name ("drogaria jasmim")', {
    search: 'drogaria jasmim',
    sort: 'name',
  }),
  listQuery('organizations', 'a city ("campinas")', { search: 'campinas' }),
  listQuery('organizations', 'a CNPJ piece ("00.012.345")', { search: '00.012.345' }),
  listQuery('locations', 'first page (newest first)', {}),
  listQuery('locations', `page ${DEEP} of 20 (newest first)`, { page: DEEP, perPage: 20 }),
  listQuery('locations', 'by name', { sort: 'name' }),
  listQuery('locations', 'by organisation', { sort: 'organization' }),
  listQuery('locations', `by organisation, page ${DEEP} of 20`, {
    sort: 'organization',
    page: DEEP,
    perPage: 20,
  }),
  listQuery('locations', 'by city, descending', { sort: 'city', direction: 'desc' }),
  listQuery('locations', 'by last update, descending', { sort: 'updatedAt', direction: 'desc' }),
  listQuery('locations', `one organisation's (${CHAIN_SIZE} locations)`, { organizationId: 7 }),
  listQuery('locations', "one organisation's, by name", { organizationId: 7, sort: 'name' }),
  listQuery('locations', 'a name word ("shopping")', { search: 'shopping' }),
  listQuery('locations', 'a name word by name ("shopping")', { search: 'shopping', sort: 'name' }),
  listQuery('locations', 'a city ("recife")', { search: 'recife' }),
  listQuery('locations', 'an organisation name ("lavanda")', { search: 'lavanda' }),
  listQuery('locations', 'a word in one organisation\'s ("shopping")', {
    search: 'shopping',
    organizationId: 7,
  }),
];

/** The median time of 9 runs of `work` (statements one after another). */
async function median(work) {
  const times = [];
  for (let run = 0; run < 9; run += 1) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return summarize(times).p50;
}

// The statements as the kit sent them before (commit d2f1204): an organisation's location counts as
// subqueries among its columns, a searched page sorted on the column itself, every page joined whole,
// a location total counted through the join.
const LOCATION_COUNTS_BEFORE = `(select count(*)::int from locations where locations.organization_id = o.id),
  (select count(*)::int from locations where locations.organization_id = o.id and locations.deleted_at is null)`;
const ORGANIZATION_COLUMNS_BEFORE = ORGANIZATION_COLUMNS.replace(
  'o.note,',
  `o.note, ${LOCATION_COUNTS_BEFORE},`,
);
const DEEP_PAGE = `limit 20 offset ${(DEEP - 1) * 20}`;
/** An organisation page as the kit reads it now: the page, then its rows' location counts. */
const organizationPage = (text) => async (pool) => {
  const { rows } = await pool.query(text);
  await pool.query(LOCATION_COUNTS_OF_PAGE, [rows.map((row) => row.id)]);
};
/**
 * Each statement the kit changed, before and after, through pg without load: an organisation page's
 * location counts for its rows only (not for every row an OFFSET skips), a searched list sorted by a
 * text column on an expression (the trigram index finds the matches, which alone are sorted, instead of
 * a walk of the whole name index), a location page's ids paged from the table alone and only its rows
 * joined, and a location total counted without the join.
 */
const COMPARISONS = [
  {
    label: `organisations, page ${DEEP} of 20 (newest first): counts for the page only, ids paged first`,
    before: `select ${ORGANIZATION_COLUMNS_BEFORE} from organizations o where o.deleted_at is null
      order by o.created_at desc, o.id desc ${DEEP_PAGE}`,
    after: organizationPage(`select ${ORGANIZATION_COLUMNS} from organizations o where o.id in
      (select o.id from organizations o where o.deleted_at is null order by o.created_at desc, o.id desc ${DEEP_PAGE}) order by o.created_at desc, o.id desc`),
  },
  {
    label: `organisations by name, page ${DEEP} of 20: counts for the page only, ids paged first`,
    before: `select ${ORGANIZATION_COLUMNS_BEFORE} from organizations o where o.deleted_at is null
      order by o.search_name, o.id ${DEEP_PAGE}`,
    after: organizationPage(`select ${ORGANIZATION_COLUMNS} from organizations o where o.id in
      (select o.id from organizations o where o.deleted_at is null order by o.search_name, o.id ${DEEP_PAGE}) order by o.search_name, o.id`),
  },
  ...['drogaria jasmim', 'perfumaria', 'sao'].map((search) => {
    const where = search
      .split(' ')
      .map((word) => `o.search_text like '%${word}%'`)
      .join(' and ');
    return {
      label: `organisations "${search}" by name: sorted on an expression`,
      before: `select ${ORGANIZATION_COLUMNS_BEFORE} from organizations o where o.deleted_at is null and ${where}
        order by o.search_name, o.id limit 10`,
      after:
        organizationPage(`select ${ORGANIZATION_COLUMNS} from organizations o where o.deleted_at is null and ${where}
        order by (o.search_name || ''), o.id limit 10`),
    };
  }),
  {
    label: 'locations "shopping" by name: sorted on an expression',
    before: `select ${LOCATION_COLUMNS} from locations l join organizations o on o.id = l.organization_id
      where l.deleted_at is null and l.search_text like '%shopping%' order by l.search_name, l.id limit 10`,
    after: `select ${LOCATION_COLUMNS} from locations l join organizations o on o.id = l.organization_id
      where l.deleted_at is null and l.search_text like '%shopping%' order by (l.search_name || ''), l.id limit 10`,
  },
  ...[
    ['newest first', 'l.created_at desc, l.id desc'],
    ['by organisation', 'l.search_organization, l.id'],
  ].map(([label, order]) => ({
    label: `locations, page ${DEEP} of 20 (${label}): ids paged first`,
    before: `select ${LOCATION_COLUMNS} from locations l join organizations o on o.id = l.organization_id
      where l.deleted_at is null order by ${order} ${DEEP_PAGE}`,
    after: `select ${LOCATION_COLUMNS} from locations l join organizations o on o.id = l.organization_id
      where l.id in (select l.id from locations l where l.deleted_at is null order by ${order} ${DEEP_PAGE})
      order by ${order}`,
  })),
  {
    label: 'locations "shopping", the total: without the join',
    before: `select count(*) from locations l join organizations o on o.id = l.organization_id
      where l.deleted_at is null and l.search_text like '%shopping%'`,
    after: `select count(*) from locations l where l.deleted_at is null and l.search_text like '%shopping%'`,
  },
];

const postgres = await postgresForTests();
if (postgres.url) await measure(postgres);
else console.log(`Organisations and locations benchmark skipped: ${postgres.reason}`);

async function measure(postgres) {
  const databaseUrl = await keptDatabase(postgres.url, DATABASE);
  const server = await startServer({ port: PORT, databaseUrl, env: { LOGIN_MAX_FAILURES_PER_IP: '1000' } });
  const { base } = server;
  try {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const seedSeconds = await seed(client);
    // Keep the planner's statistics and the visibility map current, as autovacuum would on a live server.
    await client.query('vacuum analyze organizations');
    await client.query('vacuum analyze locations');
    const {
      rows: [totals],
    } = await client.query(
      'select (select count(*)::int from organizations) as organizations, (select count(*)::int from locations) as locations',
    );
    await client.end();

    const { headers } = await signIn(base);

    // As the server (db/client.ts): a pool of 10 with its planner settings, values planned at every call.
    const pool = new pg.Pool({
      connectionString: databaseUrl,
      max: 10,
      options:
        '-c plan_cache_mode=force_custom_plan -c random_page_cost=1.1 -c max_parallel_workers_per_gather=0',
    });
    const runFloor = async (query) => {
      const answers = await Promise.all(query.statements.map((statement) => pool.query(statement)));
      if (query.details) await pool.query(query.details, [answers[0].rows.map((row) => row.id)]);
      return answers;
    };

    // The floor's statements answer what the API answers: the same total and the same first row.
    for (const query of QUERIES) {
      const response = await fetch(`${base}${query.path}`, { headers });
      if (!response.ok)
        throw new Error(`${query.path} answered ${response.status}: ${await response.text()}`);
      const answer = await response.json();
      const [page, count] = await runFloor(query);
      const total = Number(Object.values(count.rows[0])[0]);
      const firstId = page.rows[0] ? page.rows[0].id : undefined;
      const answeredId = answer.data[0]?.[query.list === 'organizations' ? 'organizationId' : 'locationId'];
      if (total !== answer.total || firstId !== answeredId) {
        throw new Error(
          `${query.path}: the floor's statements answer ${total} rows from #${firstId}, the API ${answer.total} from #${answeredId}`,
        );
      }
      query.total = total;
    }

    async function loadApi(query) {
      const latencies = [];
      let errors = 0;
      const run = autocannon({
        url: base,
        connections: CONNECTIONS,
        duration: QUERY_SECONDS,
        headers,
        requests: [{ method: 'GET', path: query.path }],
      });
      run.on('response', (_client, statusCode, _bytes, responseTime) => {
        latencies.push(responseTime);
        if (statusCode !== 200) errors += 1;
      });
      await run;
      return { ...summarize(latencies), errors };
    }

    async function loadFloor(query) {
      const latencies = [];
      const deadline = Date.now() + QUERY_SECONDS * 1000;
      await Promise.all(
        Array.from({ length: CONNECTIONS }, async () => {
          while (Date.now() < deadline) {
            const started = performance.now();
            await runFloor(query);
            latencies.push(performance.now() - started);
          }
        }),
      );
      return summarize(latencies);
    }

    /** The median time of 5 requests, one after another (no load). */
    async function alone(query) {
      const times = [];
      for (let run = 0; run < 5; run += 1) {
        const started = performance.now();
        const response = await fetch(`${base}${query.path}`, { headers });
        await response.arrayBuffer();
        times.push(performance.now() - started);
      }
      return summarize(times).p50;
    }

    const results = [];
    for (const query of QUERIES) {
      results.push({
        query,
        api: await loadApi(query),
        floor: await loadFloor(query),
        alone: await alone(query),
      });
      process.stdout.write(`  measured ${results.length} of ${QUERIES.length} queries\r`);
    }
    // Each statement the kit changed, before and after, through pg without load (median of 9 runs).
    const compared = [];
    for (const comparison of COMPARISONS) {
      const [before, after] = [comparison.before, comparison.after].map((statement) =>
        typeof statement === 'string' ? () => pool.query(statement) : () => statement(pool),
      );
      compared.push({ label: comparison.label, before: await median(before), after: await median(after) });
    }
    await pool.end();

    console.log(
      `\nOrganisations: ${totals.organizations.toLocaleString('en')} rows, locations: ${totals.locations.toLocaleString('en')} rows${seedSeconds > 1 ? ` (seeded in ${seedSeconds.toFixed(0)} s)` : ''}; PostgreSQL, ${CONNECTIONS} concurrent requests, ${QUERY_SECONDS} s a query and as long for its floor; active rows only.\n`,
    );
    console.log(
      '| list | query | matches | API p50 | API p95 | pg floor p95 | API / floor | alone | budget |\n|---|---|---|---|---|---|---|---|---|',
    );
    for (const { query, api, floor, alone: single } of results) {
      const ratio = api.p95 / floor.p95;
      const met = query.kind === 'browse' ? api.p95 < 50 : ratio <= 2;
      console.log(
        `| ${query.list} | ${query.label} | ${query.total.toLocaleString('en')} | ${ms(api.p50)} | **${ms(api.p95)}**${api.errors ? ` (${api.errors} errors)` : ''} | ${ms(floor.p95)} | ${ratio.toFixed(2)}× | ${ms(single)} | ${met ? 'met' : 'MISSED'} (${query.kind === 'browse' ? 'p95 < 50 ms' : '≤ 2× floor'}) |`,
      );
    }
    console.log('\n| statement (through pg, no load, median of 9) | before | after |\n|---|---|---|');
    for (const entry of compared)
      console.log(`| ${entry.label} | ${ms(entry.before)} | ${ms(entry.after)} |`);
  } finally {
    server.stop();
    postgres.stop();
  }
}
