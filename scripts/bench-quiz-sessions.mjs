// The app's quiz sessions on PostgreSQL (`npm run bench` runs it), in a fresh database
// `scentia_bench_quiz_sessions`:
//  - event ingestion over HTTP: BENCH_QUIZ_CLIENTS (default 16) signed-in USER accounts at once, each
//    playing sessions of a published quiz of 5 questions for BENCH_QUIZ_SECONDS (default 8) seconds, the
//    events sent as the app sends them (one batch per answer, the first with `started`, the last with
//    `finished`), then whole sessions in one batch each (an app that was offline); events per second;
//  - its floor: the same events, sessions and counters written by plain batched INSERTs through `pg`
//    from as many connections;
//  - the analytics panel's query, GET /api/quiz/analytics/{id}, on a quiz with 10,000 sessions and on
//    one with 1,000,000 (sessions seeded with generate_series over the last year, the daily counters
//    beside them), for the default 30 days and for a whole year: p95 of BENCH_QUIZ_RUNS (default 200)
//    requests one at a time. ENGINEERING.md §6: the larger within 1.2–1.5× of the smaller.
// The server runs with QUIZ_EVENTS_PER_MINUTE raised: the per-account limit is not what is measured.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { BENCH_ADMIN, freshDatabase, ms, signIn, startServer, summarize } from './bench-support.mjs';
import { postgresForTests } from './postgres-for-tests.mjs';

const CLIENTS = Number(process.env.BENCH_QUIZ_CLIENTS ?? 16);
const SECONDS = Number(process.env.BENCH_QUIZ_SECONDS ?? 8);
const RUNS = Number(process.env.BENCH_QUIZ_RUNS ?? 200);
const WARM_UP = 20;
const PORT = 3295;
const DATABASE = 'scentia_bench_quiz_sessions';
const QUESTIONS = 5;

/**
 * A published quiz of a campaign in pt-BR, by SQL: question k (1–5) has three answers; the first two
 * lead to question k + 1 (final on the last question), the third is final. Node ids as in a snapshot:
 * question k is quizId * 100 + k, its answers quizId * 100 + 10 k + 1..3.
 */
async function seedQuiz(client, name, campaignId) {
  const {
    rows: [quiz],
  } = await client.query(
    `insert into quizzes (name, campaign_id, language, validated_at, published_at, published_version)
     values ($1, $2, 'pt-BR', now(), now(), 1) returning id`,
    [name, campaignId],
  );
  const base = quiz.id * 100;
  const questions = [];
  for (let k = 1; k <= QUESTIONS; k += 1) {
    questions.push({
      quizQuestionId: base + k,
      quest: `Pergunta ${k}`,
      answers: [1, 2, 3].map((n) => {
        const isFinal = n === 3 || k === QUESTIONS;
        return {
          quizQuestionAnswerId: base + 10 * k + n,
          label: `Resposta ${k}.${n}`,
          description: null,
          nextQuestionId: isFinal ? null : base + k + 1,
          fragranceIds: isFinal ? [1 + ((k + n) % 20), 1 + ((k + n + 7) % 20)] : [],
        };
      }),
    });
  }
  const snapshot = {
    quizId: quiz.id,
    version: 1,
    name,
    campaignId,
    language: 'pt-BR',
    publishedAt: new Date().toISOString(),
    entryQuestionId: base + 1,
    questions,
  };
  await client.query(
    `insert into quiz_publications (quiz_id, version, snapshot, fragrance_ids)
     values ($1, 1, $2, (select array_agg(i) from generate_series(1, 20) i))`,
    [quiz.id, JSON.stringify(snapshot)],
  );
  return { quizId: quiz.id, snapshot };
}

/** One walk: answers picked at random until a final one; its events, numbered from 0. */
function walk(snapshot) {
  const at = new Date().toISOString();
  const events = [{ seq: 0, type: 'started', at }];
  let question = snapshot.questions[0];
  for (;;) {
    const answer = question.answers[Math.floor(Math.random() * 3)];
    events.push({
      seq: events.length,
      type: 'answered',
      at,
      quizQuestionId: question.quizQuestionId,
      quizQuestionAnswerId: answer.quizQuestionAnswerId,
    });
    if (answer.nextQuestionId === null) {
      events.push({ seq: events.length, type: 'finished', at, fragranceIds: answer.fragranceIds });
      return events;
    }
    question = snapshot.questions.find((candidate) => candidate.quizQuestionId === answer.nextQuestionId);
  }
}

/** As the app sends a walk: `started` with the first answer, one answer a batch, `finished` with the last. */
function batchesOf(events, isWhole) {
  if (isWhole) return [events];
  const batches = [events.slice(0, 2)];
  for (let index = 2; index < events.length - 2; index += 1) batches.push([events[index]]);
  if (events.length > 3) batches.push(events.slice(-2));
  else batches[0].push(...events.slice(2));
  return batches;
}

const postgres = await postgresForTests();
if (postgres.url) await measure(postgres);
else console.log(`Quiz sessions benchmark skipped: ${postgres.reason}`);

async function measure(postgres) {
  const databaseUrl = await freshDatabase(postgres.url, DATABASE);
  const server = await startServer({
    port: PORT,
    databaseUrl,
    env: { QUIZ_EVENTS_PER_MINUTE: '1000000' },
  });
  const { base } = server;
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    await client.query('begin');
    await client.query(`select set_config('scentia.audit', 'off', true)`);
    await client.query(`insert into categories (name) values ('Cítricos')`);
    await client.query(`insert into fragrances (name, olfactory_way, category_id)
      select 'Fragrância ' || i, 'Cítrico', 1 from generate_series(1, 20) i`);
    await client.query(`insert into campaigns (name) select 'Coleção ' || i from generate_series(1, 3) i`);
    // The players: USER accounts with the bench admin's password.
    await client.query(
      `insert into users (name, email, password_hash, profile_id, confirmed_at)
       select 'Jogador ' || i, 'player' || i || '@scentia.test', u.password_hash,
         (select id from profiles where upper(name) = 'USER'), now()
       from generate_series(1, $1) i, users u where u.email = 'bench@scentia.test'`,
      [CLIENTS],
    );
    const live = await seedQuiz(client, 'Quiz ao vivo', 1);
    const small = await seedQuiz(client, 'Quiz com 10 mil sessões', 2);
    const large = await seedQuiz(client, 'Quiz com 1 milhão de sessões', 3);
    await client.query('commit');

    const tokens = await Promise.all(
      Array.from(
        { length: CLIENTS },
        async (_, i) =>
          (await signIn(base, { email: `player${i + 1}@scentia.test`, password: BENCH_ADMIN.password }))
            .token,
      ),
    );

    /** Every client plays sessions for SECONDS; answers events recorded per second and requests. */
    async function ingest(isWhole) {
      let events = 0;
      let requests = 0;
      const until = performance.now() + SECONDS * 1000;
      const started = performance.now();
      await Promise.all(
        tokens.map(async (token) => {
          while (performance.now() < until) {
            const sessionId = randomUUID();
            for (const batch of batchesOf(walk(live.snapshot), isWhole)) {
              const response = await fetch(`${base}/api/app/quiz-sessions/events`, {
                method: 'POST',
                headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
                body: JSON.stringify({ sessionId, quizId: live.quizId, version: 1, events: batch }),
              });
              const answer = await response.json();
              if (response.status !== 200 || answer.recorded !== batch.length)
                throw new Error(`Events answered ${response.status}: ${JSON.stringify(answer)}`);
              events += batch.length;
              requests += 1;
            }
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      return { eventsPerSecond: events / seconds, requestsPerSecond: requests / seconds, events };
    }
    const perAnswer = await ingest(false);
    const whole = await ingest(true);
    const {
      rows: [check],
    } = await client.query(
      `select (select count(*) from quiz_session_events e join quiz_sessions s on s.id = e.session_id
                where s.quiz_id = $1)::int as events,
              (select coalesce(sum(starts), 0) from quiz_daily_stats where quiz_id = $1)::int as starts,
              (select count(*) from quiz_sessions where quiz_id = $1)::int as sessions`,
      [live.quizId],
    );
    if (check.events !== perAnswer.events + whole.events || check.starts !== check.sessions)
      throw new Error(`Counts differ: ${JSON.stringify(check)}`);

    const floor = await insertFloor(databaseUrl, live);

    // The analytics' data: sessions over the last 365 days (60 % finished, 25 % abandoned), and the
    // daily counters of each (day, shard, node) as the events would have left them.
    for (const [quiz, sessions] of [
      [small, 10_000],
      [large, 1_000_000],
    ])
      await seedAnalytics(client, quiz, sessions);
    await client.query('vacuum analyze');

    const { token: staffToken } = await signIn(base);
    const yearAgo = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
    async function panel(quizId, query) {
      const times = [];
      let body;
      for (let index = 0; index < WARM_UP + RUNS; index += 1) {
        const started = performance.now();
        const response = await fetch(`${base}/api/quiz/analytics/${quizId}${query}`, {
          headers: { authorization: `Bearer ${staffToken}` },
        });
        body = await response.json();
        if (response.status !== 200) throw new Error(`Analytics answered ${response.status}`);
        if (index >= WARM_UP) times.push(performance.now() - started);
      }
      return { ...summarize(times), starts: body.starts };
    }
    const results = {};
    for (const [label, query] of [
      ['last 30 days', ''],
      ['a year', `?from=${yearAgo}`],
    ]) {
      results[label] = { small: await panel(small.quizId, query), large: await panel(large.quizId, query) };
    }

    const rate = (value) => Math.round(value).toLocaleString('en-US');
    console.log(
      `\nEvent ingestion, PostgreSQL, ${CLIENTS} clients at once for ${SECONDS} s each way (a walk is 3 to 7 events):\n`,
    );
    console.log('| how | events/s | requests/s |\n|---|---|---|');
    console.log(
      `| POST /api/app/quiz-sessions/events, one batch per answer | **${rate(perAnswer.eventsPerSecond)}** | ${rate(perAnswer.requestsPerSecond)} |`,
    );
    console.log(
      `| the same, a whole session per batch | **${rate(whole.eventsPerSecond)}** | ${rate(whole.requestsPerSecond)} |`,
    );
    console.log(
      `| floor: batched INSERTs through pg (100 sessions and their events a transaction) | ${rate(floor)} | — |`,
    );
    console.log(
      `\nEvents recorded: ${check.events}, sessions ${check.sessions}, starts counted ${check.starts}.`,
    );
    console.log(
      `\nGET /api/quiz/analytics/{id}, one request at a time, ${RUNS} runs after ${WARM_UP}:\n\n| period | sessions | p50 | p95 | max |\n|---|---|---|---|---|`,
    );
    for (const [label, { small: a, large: b }] of Object.entries(results)) {
      console.log(
        `| ${label} | 10,000 (${a.starts} started in it) | ${ms(a.p50)} | **${ms(a.p95)}** | ${ms(a.max)} |`,
      );
      console.log(
        `| ${label} | 1,000,000 (${b.starts} started in it) | ${ms(b.p50)} | **${ms(b.p95)}** | ${ms(b.max)} |`,
      );
      console.log(`| ${label} | ratio of p95 | | **${(b.p95 / a.p95).toFixed(2)}×** | |`);
    }
  } finally {
    await client.end().catch(() => {});
    server.stop();
    postgres.stop();
  }
}

/** Sessions and events written as fast as `pg` takes them: the ingestion's floor, in events per second. */
async function insertFloor(databaseUrl, live) {
  const answerIds = live.snapshot.questions.map((question) => question.answers[0].quizQuestionAnswerId);
  let events = 0;
  const until = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      const connection = new pg.Client({ connectionString: databaseUrl });
      await connection.connect();
      try {
        while (performance.now() < until) {
          const ids = Array.from({ length: 100 }, () => randomUUID());
          await connection.query('begin');
          await connection.query(
            `insert into quiz_sessions (id, quiz_id, version, language, day, shard, answer_ids)
             select id, $2, 1, 'pt-BR', current_date, 0, $3 from unnest($1::uuid[]) id`,
            [ids, live.quizId, answerIds],
          );
          // Per session: started, 5 answers and finished, as a walk to the last question.
          const { rowCount } = await connection.query(
            `insert into quiz_session_events (session_id, seq, type, at, quiz_question_id, quiz_answer_id)
             select id, s, case s when 0 then 'started' when 6 then 'finished' else 'answered' end, now(),
               case when s between 1 and 5 then $2::int end, case when s between 1 and 5 then $2::int end
             from unnest($1::uuid[]) id, generate_series(0, 6) s
             on conflict do nothing`,
            [ids, answerIds[0]],
          );
          await connection.query('commit');
          events += rowCount;
        }
      } finally {
        await connection.end();
      }
    }),
  );
  return events / ((performance.now() - started) / 1000);
}

/**
 * `sessions` sessions over the last 365 days, and the counters they leave: per (day, shard) the
 * starts, completions and abandoned; per question the sessions reaching it (80 % go on at each
 * question) and leaving there; per answer its share; per fragrance the recommendations.
 */
async function seedAnalytics(client, quiz, sessions) {
  const { quizId, snapshot } = quiz;
  await client.query('begin');
  await client.query(
    `insert into quiz_sessions (id, quiz_id, version, language, day, shard, started_at, last_event_at,
       finished_at, abandoned_at, current_question_id, answer_ids, fragrance_ids)
     select md5($6 || ':' || i)::uuid, $1, 1, 'pt-BR', d::date, i % 4, d, d + interval '3 minutes',
       case when i % 20 < 12 then d + interval '3 minutes' end,
       case when i % 20 between 12 and 16 then d + interval '33 minutes' end,
       case when i % 20 >= 12 then $3::int end, $4::int[], case when i % 20 < 12 then $5::int[] end
     from generate_series(1, $2) i,
       lateral (select date_trunc('day', now()) - ((i % 365) || ' days')::interval
         + ((i % 600) || ' minutes')::interval as d) t`,
    [
      quizId,
      sessions,
      snapshot.entryQuestionId,
      snapshot.questions.slice(0, 3).map((question) => question.answers[0].quizQuestionAnswerId),
      [1, 2],
      String(quizId),
    ],
  );
  const perDayShard = sessions / 365 / 4;
  await client.query(
    `insert into quiz_daily_stats (quiz_id, day, shard, starts, completions, abandoned)
     select $1, current_date - d, s, $2::int, ($2 * 0.6)::int, ($2 * 0.25)::int
     from generate_series(0, 364) d, generate_series(0, 3) s`,
    [quizId, Math.max(1, Math.round(perDayShard))],
  );
  const nodes = snapshot.questions.flatMap((question, k) =>
    question.answers.map((answer, n) => ({
      question: question.quizQuestionId,
      answer: answer.quizQuestionAnswerId,
      k,
      n,
    })),
  );
  await client.query(
    `insert into quiz_question_daily_stats (quiz_id, day, quiz_question_id, shard, reached, left_there)
     select $1, current_date - d, q, s, greatest(1, ($2 * power(0.8, k))::int), ($2 * 0.05)::int
     from generate_series(0, 364) d, generate_series(0, 3) s,
       unnest($3::int[]) with ordinality as x(q, k)`,
    [quizId, perDayShard, snapshot.questions.map((question) => question.quizQuestionId)],
  );
  await client.query(
    `insert into quiz_answer_daily_stats (quiz_id, day, quiz_answer_id, shard, quiz_question_id, count)
     select $1, current_date - d, n.answer, s, n.question, greatest(1, ($2 * power(0.8, n.k) / 3)::int)
     from generate_series(0, 364) d, generate_series(0, 3) s,
       jsonb_to_recordset($3::jsonb) as n(question int, answer int, k int, n int)`,
    [quizId, perDayShard, JSON.stringify(nodes)],
  );
  await client.query(
    `insert into quiz_fragrance_daily_stats (quiz_id, day, fragrance_id, shard, recommendations)
     select $1, current_date - d, f, s, greatest(1, ($2 * 0.6 / 10)::int)
     from generate_series(0, 364) d, generate_series(0, 3) s, generate_series(1, 20) f`,
    [quizId, perDayShard],
  );
  await client.query('commit');
}
