// The soak's world (scripts/soak.mjs), seeded by SQL and enrolled through the API: a fleet of devices
// that reported their capsules, a published quiz, app players and the bench admin, all signed in.
import { BENCH_ADMIN, signIn } from './bench-support.mjs';

export const SLOTS = 20;
export const PROVISIONING_KEY = 'soak-provisioning-key-0123456789';
const DEVICES = 50;
const PLAYERS = 16;
/** Sign in again before the access token's 15 minutes run out, as the web client refreshes. */
const SIGN_IN_AGAIN_MS = 10 * 60_000;

/** One organisation, location and campaign of 20 fragrances, the devices, the players and the quiz. */
export async function seedSoak(client) {
  await client.query('begin');
  await client.query(`select set_config('scentia.audit', 'off', true)`);
  await client.query(`insert into categories (name) values ('Cítricos da carga')`);
  await client.query(`insert into fragrances (name, olfactory_way, category_id)
    select 'Fragrância ' || i, 'Cítrico', 1 from generate_series(1, ${SLOTS}) i`);
  await client.query(`insert into campaigns (name) values ('Coleção da carga')`);
  await client.query(`insert into campaign_slots (campaign_id, slot, fragrance_id)
    select 1, i, i from generate_series(1, ${SLOTS}) i`);
  await client.query(
    `insert into organizations (name, legal_name, cnpj) values ('Carga', 'Carga Ltda', '11222333000181')`,
  );
  await client.query(`insert into locations (organization_id, name) values (1, 'Loja da carga')`);
  await client.query(
    `insert into devices (mac_address, location_id, organization_id, campaign_id)
     select upper('C0FFEE' || lpad(to_hex(i), 6, '0')), 1, 1, 1 from generate_series(0, ${DEVICES - 1}) i`,
  );
  await client.query(
    `insert into users (name, email, password_hash, profile_id, confirmed_at)
     select 'Jogador ' || i, 'soak' || i || '@scentia.test', u.password_hash,
       (select id from profiles where upper(name) = 'USER'), now()
     from generate_series(1, ${PLAYERS}) i, users u where lower(u.email) = lower($1)`,
    [BENCH_ADMIN.email],
  );
  const {
    rows: [quiz],
  } = await client.query(
    `insert into quizzes (name, campaign_id, language, validated_at, published_at, published_version)
     values ('Quiz da carga', 1, 'pt-BR', now(), now(), 1) returning id`,
  );
  // Question k (1–3) has two answers: the first leads on (final on the last), the second is final.
  const base = quiz.id * 100;
  const questions = [1, 2, 3].map((k) => ({
    quizQuestionId: base + k,
    quest: `Pergunta ${k}`,
    answers: [1, 2].map((n) => {
      const isFinal = n === 2 || k === 3;
      return {
        quizQuestionAnswerId: base + 10 * k + n,
        label: `Resposta ${k}.${n}`,
        description: null,
        nextQuestionId: isFinal ? null : base + k + 1,
        fragranceIds: isFinal ? [k, k + n] : [],
      };
    }),
  }));
  const snapshot = {
    quizId: quiz.id,
    version: 1,
    name: 'Quiz da carga',
    campaignId: 1,
    language: 'pt-BR',
    publishedAt: new Date().toISOString(),
    entryQuestionId: base + 1,
    questions,
  };
  await client.query(
    `insert into quiz_publications (quiz_id, version, snapshot, fragrance_ids)
     values ($1, 1, $2, (select array_agg(i) from generate_series(1, ${SLOTS}) i))`,
    [quiz.id, JSON.stringify(snapshot)],
  );
  await client.query('commit');
  return snapshot;
}

/** A session's events: random answers until a final one. */
export function walk(snapshot) {
  const at = new Date().toISOString();
  const events = [{ seq: 0, type: 'started', at }];
  let question = snapshot.questions[0];
  for (;;) {
    const answer = question.answers[Math.floor(Math.random() * question.answers.length)];
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
    question = snapshot.questions.find((each) => each.quizQuestionId === answer.nextQuestionId);
  }
}

/**
 * The staff's and players' headers (signed in again every 10 minutes by `refresh`) and the devices,
 * provisioned and with their 20 capsules reported.
 */
export async function enrol(base) {
  const staff = { headers: (await signIn(base)).headers, at: Date.now() };
  const players = await Promise.all(
    Array.from({ length: PLAYERS }, async (_, index) => {
      const account = { email: `soak${index + 1}@scentia.test`, password: BENCH_ADMIN.password };
      return { account, headers: (await signIn(base, account)).headers, at: Date.now(), busy: false };
    }),
  );
  const refresh = async (holder, account) => {
    if (Date.now() - holder.at < SIGN_IN_AGAIN_MS) return;
    holder.at = Date.now();
    holder.headers = (await signIn(base, account)).headers;
  };
  const devices = [];
  for (let index = 0; index < DEVICES; index += 1) {
    const macAddress = `C0FFEE${index.toString(16).toUpperCase().padStart(6, '0')}`;
    const response = await fetch(`${base}/api/device/provision`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ macAddress, provisioningKey: PROVISIONING_KEY }),
    });
    if (response.status !== 201)
      throw new Error(`Provisioning answered ${response.status}: ${await response.text()}`);
    const { credential, deviceId } = await response.json();
    const device = {
      deviceId,
      headers: { authorization: `Bearer ${credential}`, 'content-type': 'application/json' },
      sequence: 0,
      busy: false,
    };
    device.heartbeat = {
      firmwareVersion: 'soak-1',
      capsules: Array.from({ length: SLOTS }, (_, slot) => ({
        slot: slot + 1,
        serialNumber: `SOAK-${deviceId}-${slot + 1}`,
        fragranceId: slot + 1,
        sizeShots: 1_000_000,
        remainingShots: 1_000_000,
      })),
    };
    const heartbeat = await fetch(`${base}/api/device/heartbeat`, {
      method: 'POST',
      headers: device.headers,
      body: JSON.stringify(device.heartbeat),
    });
    if (!heartbeat.ok) throw new Error(`Heartbeat answered ${heartbeat.status}`);
    devices.push(device);
  }
  return { staff, players, devices, refresh };
}
