// The quiz editor on a large quiz, on PostgreSQL (`npm run bench` runs it): a quiz of 200 questions and
// 1,000 answers (BENCH_QUIZ_QUESTIONS changes the size; five answers a question), seeded by SQL into a
// fresh database `scentia_bench_quiz`. Measured one request at a time (an editor is one person):
//  - GET /api/quiz/{id}: the whole tree in one answer;
//  - PUT /api/quiz/validate/{id} on the valid quiz, which then marks it validated (a rename, not timed,
//    clears that before each run), and on the same quiz with one dead end (400 with the problem);
//  - findQuizProblems alone, in this process, on the graph the record answers.
// BENCH_QUIZ_RUNS (default 100) requests each, after 10 not counted. ENGINEERING.md §6 sets no budget
// for the editor: the read is reported beside its floor, the statements the record needs (the quiz,
// its questions, answers and fragrance options, the collection) straight through `pg`, one after the other.
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import { freshDatabase, ms, signIn, startServer, summarize } from './bench-support.mjs';
import { postgresForTests } from './postgres-for-tests.mjs';

const QUESTIONS = Number(process.env.BENCH_QUIZ_QUESTIONS ?? 200);
const ANSWERS_PER_QUESTION = 5;
const RUNS = Number(process.env.BENCH_QUIZ_RUNS ?? 100);
const WARM_UP = 10;
const PORT = 3294;
const DATABASE = 'scentia_bench_quiz';

/**
 * The quiz's tree, by SQL with the audit trail off: question k (from 0) is reached from question
 * (k - 1) / 2 (a binary tree, so the entry reaches every question); a third answer leads to a later
 * question too (shared subtrees); the other answers are final with two of the collection's 20
 * fragrances. The bank has one text per question and 40 answer labels, reused.
 */
async function seedTree(client, quizId) {
  await client.query('begin');
  await client.query(`select set_config('scentia.audit', 'off', true)`);
  await client.query(`insert into question_texts (language, quest)
    select 'pt-BR', 'Pergunta ' || i || ': qual destas notas combina com a sua loja?' from generate_series(1, ${QUESTIONS}) i`);
  await client.query(`insert into answer_texts (language, label)
    select 'pt-BR', 'Resposta ' || i from generate_series(1, 40) i`);
  const { rows: questions } = await client.query(
    `insert into quiz_questions (quiz_id, question_id)
     select $1, t.id from question_texts t order by t.id returning id`,
    [quizId],
  );
  const ids = questions.map((row) => row.id).sort((a, b) => a - b);
  const answers = [];
  ids.forEach((id, k) => {
    const children = [2 * k + 1, 2 * k + 2].filter((child) => child < ids.length);
    for (let position = 0; position < ANSWERS_PER_QUESTION; position += 1) {
      let next = null;
      if (position < children.length) next = ids[children[position]];
      else if (position === 2 && k + 3 < ids.length) next = ids[k + 3 + ((k * 7) % (ids.length - k - 3))];
      answers.push({ question: id, position, next, label: 1 + ((k * 5 + position) % 40) });
    }
  });
  const { rows: inserted } = await client.query(
    `insert into quiz_answers (quiz_id, quiz_question_id, answer_id, description, is_final, next_question_id, position)
     select $1, a.question, t.id, null, a.next is null, a.next, a.position
     from jsonb_to_recordset($2::jsonb) as a(question int, position int, next int, label int)
     join answer_texts t on t.label = 'Resposta ' || a.label
     order by a.question, a.position
     returning id, is_final`,
    [quizId, JSON.stringify(answers)],
  );
  await client.query(
    `insert into quiz_fragrance_options (quiz_id, quiz_answer_id, fragrance_id)
     select $1, a.id, s.fragrance_id
     from unnest($2::int[]) with ordinality as a(id, n)
     join campaign_slots s on s.campaign_id = $3 and s.slot in (1 + a.n % 20, 1 + (a.n + 7) % 20)`,
    [quizId, inserted.filter((row) => row.is_final).map((row) => row.id), 1],
  );
  await client.query('commit');
  return { questions: ids.length, answers: inserted.length };
}

/** A category, 20 fragrances and a campaign holding them in its 20 slots (in a fresh database, id 1). */
async function seedCollection(client) {
  await client.query('begin');
  await client.query(`select set_config('scentia.audit', 'off', true)`);
  await client.query(`insert into categories (name) values ('Cítricos')`);
  // Image keys as an upload stores them: the record signs a URL pair for each fragrance.
  await client.query(`insert into fragrances (name, olfactory_way, category_id, image_key, thumbnail_key)
    select 'Fragrância ' || i, 'Cítrico vibrante', 1, 'fragrances/bench-' || i || '.webp',
      'fragrances/bench-' || i || '-thumb.webp' from generate_series(1, 20) i`);
  await client.query(`insert into campaigns (name) values ('Coleção de teste')`);
  await client.query(`insert into campaign_slots (campaign_id, slot, fragrance_id, shot_seconds)
    select 1, i, i, 3 from generate_series(1, 20) i`);
  await client.query('commit');
}

/** The floor of the record's read: its statements through `pg` on one connection, as the server sends them. */
const FLOOR_STATEMENTS = [
  'select * from quizzes where id = $1',
  `select q.id, q.question_id, t.quest from quiz_questions q join question_texts t on t.id = q.question_id
    where q.quiz_id = $1 order by q.id`,
  `select a.id, a.quiz_question_id, a.answer_id, t.label, a.description, a.is_final, a.next_question_id
    from quiz_answers a join answer_texts t on t.id = a.answer_id
    where a.quiz_id = $1 order by a.quiz_question_id, a.position, a.id`,
  `select o.id, o.quiz_answer_id, o.fragrance_id, f.name, f.deleted_at is null
    from quiz_fragrance_options o join fragrances f on f.id = o.fragrance_id where o.quiz_id = $1 order by o.id`,
  `select s.slot, s.fragrance_id, f.name, f.image_key, f.thumbnail_key, f.deleted_at is null
    from campaign_slots s join fragrances f on f.id = s.fragrance_id
    where s.campaign_id = (select campaign_id from quizzes where id = $1) order by s.slot`,
];

const postgres = await postgresForTests();
if (postgres.url) await measure(postgres);
else console.log(`Quiz editor benchmark skipped: ${postgres.reason}`);

async function measure(postgres) {
  const databaseUrl = await freshDatabase(postgres.url, DATABASE);
  const server = await startServer({ port: PORT, databaseUrl });
  const { base } = server;
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    const { headers } = await signIn(base);
    const call = async (method, path, body) => {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: body ? { ...headers, 'content-type': 'application/json' } : headers,
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: response.status, text: await response.text() };
    };

    await client.connect();
    await seedCollection(client);
    const created = await call('POST', '/api/quiz', {
      name: 'Quiz grande',
      campaignId: 1,
      language: 'pt-BR',
    });
    if (created.status !== 200 && created.status !== 201)
      throw new Error(`POST /api/quiz answered ${created.status}: ${created.text}`);
    const { quizId } = JSON.parse(created.text);
    const size = await seedTree(client, quizId);
    await client.query('vacuum analyze');

    /** Times `run` RUNS times after WARM_UP runs; `prepare` (not timed) runs before each. */
    async function timed(run, prepare = async () => {}) {
      const times = [];
      for (let index = 0; index < WARM_UP + RUNS; index += 1) {
        await prepare();
        const started = performance.now();
        await run();
        if (index >= WARM_UP) times.push(performance.now() - started);
      }
      return summarize(times);
    }
    const expectStatus = (expected, answer, what) => {
      if (answer.status !== expected) throw new Error(`${what} answered ${answer.status}: ${answer.text}`);
      return answer;
    };

    const detail = JSON.parse(expectStatus(200, await call('GET', `/api/quiz/${quizId}`), 'GET').text);
    const bytes = Buffer.byteLength(JSON.stringify(detail));
    const read = await timed(async () => expectStatus(200, await call('GET', `/api/quiz/${quizId}`), 'GET'));
    const floor = await timed(async () => {
      for (const statement of FLOOR_STATEMENTS) await client.query(statement, [quizId]);
    });
    const rename = async () =>
      expectStatus(200, await call('PUT', `/api/quiz/${quizId}`, { name: 'Quiz grande' }), 'PUT (rename)');
    const validate = await timed(
      async () => expectStatus(200, await call('PUT', `/api/quiz/validate/${quizId}`), 'validate'),
      rename,
    );
    // One dead end: the last final answer loses its fragrances and is final no more, so it leads nowhere.
    await client.query('begin');
    await client.query(`select set_config('scentia.audit', 'off', true)`);
    const {
      rows: [last],
    } = await client.query('select max(id) as id from quiz_answers where quiz_id = $1 and is_final', [
      quizId,
    ]);
    await client.query('delete from quiz_fragrance_options where quiz_answer_id = $1', [last.id]);
    await client.query('update quiz_answers set is_final = false where id = $1', [last.id]);
    await client.query('update quizzes set validated_at = null where id = $1', [quizId]);
    await client.query('commit');
    const refusal = JSON.parse(
      expectStatus(400, await call('PUT', `/api/quiz/validate/${quizId}`), 'validate (dead end)').text,
    );
    if (refusal.fields?.length !== 1) throw new Error(`Expected one problem: ${JSON.stringify(refusal)}`);
    const refused = await timed(async () =>
      expectStatus(400, await call('PUT', `/api/quiz/validate/${quizId}`), 'validate (dead end)'),
    );

    // The graph check alone, on the graph of the record read above.
    const { findQuizProblems } = await tsImport('../packages/shared/src/quiz-graph.ts', import.meta.url);
    const graph = {
      questions: detail.questions.map((question) => ({
        quizQuestionId: question.quizQuestionId,
        answers: question.answers.map((answer) => ({
          quizQuestionAnswerId: answer.quizQuestionAnswerId,
          isAnswerFinish: answer.isAnswerFinish,
          nextQuestionId: answer.nextQuestionId,
          fragranceOptions: answer.fragranceOptions,
        })),
      })),
      collection: new Map(detail.campaign.collection.map((slot) => [slot.fragranceId, { active: true }])),
    };
    if (findQuizProblems(graph).length !== 0) throw new Error('The seeded quiz is not valid');
    const times = [];
    for (let index = 0; index < 1_000 + WARM_UP; index += 1) {
      const started = performance.now();
      findQuizProblems(graph);
      if (index >= WARM_UP) times.push(performance.now() - started);
    }
    const alone = summarize(times);

    const options = detail.questions.reduce(
      (total, question) =>
        total + question.answers.reduce((sum, answer) => sum + answer.fragranceOptions.length, 0),
      0,
    );
    console.log(
      `\nQuiz of ${size.questions} questions, ${size.answers} answers and ${options} fragrance options (the record: ${(bytes / 1024).toFixed(0)} KB of JSON); PostgreSQL, one request at a time, ${RUNS} runs each after ${WARM_UP}.\n`,
    );
    console.log('| measure | p50 | p95 | max |\n|---|---|---|---|');
    const row = (label, result) =>
      console.log(`| ${label} | ${ms(result.p50)} | **${ms(result.p95)}** | ${ms(result.max)} |`);
    row('GET /api/quiz/{id} (the whole tree)', read);
    row(`its floor: the ${FLOOR_STATEMENTS.length} statements through pg`, floor);
    row('PUT /api/quiz/validate/{id}, valid: validated, answers the tree', validate);
    row('PUT /api/quiz/validate/{id}, one dead end: 400 with the problem', refused);
    row('findQuizProblems alone (1,000 runs, in process)', alone);
    console.log(`\nThe read's p95 is ${(read.p95 / floor.p95).toFixed(1)}× its floor's.`);
  } finally {
    await client.end().catch(() => {});
    server.stop();
    postgres.stop();
  }
}
