// The operations of the soak (scripts/soak.mjs), each one request, and what they tally: the shots and
// quiz events acknowledged, the records created, and every answer that was not the expected one.
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { BENCH_ADMIN } from './bench-support.mjs';
import { SLOTS, walk } from './soak-fleet.mjs';

const BATCH = 10;
const REPLAY_EVERY = 50;
const TIME_ZONE = 'America/Sao_Paulo';
// The image library is the API's dependency; the soak loads it from there.
const apiRequire = createRequire(new URL('../apps/api/package.json', import.meta.url));

/** Four 320×240 PNGs of noise, so that they do not compress to nothing. */
export async function soakImages() {
  const sharp = apiRequire('sharp');
  const images = await Promise.all(
    [0, 1, 2, 3].map((index) =>
      sharp({
        create: {
          width: 320,
          height: 240,
          channels: 3,
          background: { r: 40 * index, g: 120, b: 200 },
          noise: { type: 'gaussian', mean: 128, sigma: 40 },
        },
      })
        .png()
        .toBuffer(),
    ),
  );
  return images;
}

/** The weighted operations and `draw`, which picks one; `tally` and `errors` fill as they run. */
export function soakOperations({ base, snapshot, images, staff, players, devices, refresh }) {
  const tally = {
    shotsAcknowledged: 0,
    eventsRecorded: 0,
    sessions: 0,
    categoriesCreated: [],
    fragrancesCreated: [],
  };
  const errors = new Map();
  const fail = (name, detail) => {
    const key = `${name}: ${detail}`;
    errors.set(key, (errors.get(key) ?? 0) + 1);
  };
  const staffCall = async (name, method, path, body, expected = 200) => {
    await refresh(staff, BENCH_ADMIN);
    const isForm = body instanceof FormData;
    const response = await fetch(`${base}${path}`, {
      method,
      headers: isForm
        ? staff.headers
        : { ...staff.headers, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: isForm ? body : body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    if (response.status !== expected) {
      fail(name, `${response.status} ${text.slice(0, 120)}`);
      return undefined;
    }
    return text ? JSON.parse(text) : undefined;
  };
  const freeOf = (list) => {
    const start = Math.floor(Math.random() * list.length);
    for (let offset = 0; offset < list.length; offset += 1) {
      const candidate = list[(start + offset) % list.length];
      if (!candidate.busy) return candidate;
    }
    return undefined;
  };
  let uniqueName = 0;
  const nameOf = (prefix) => {
    uniqueName += 1;
    return `${prefix} ${process.pid}-${uniqueName}`;
  };
  const fragranceForm = (name, image) => {
    const form = new FormData();
    form.append('name', name);
    form.append('ofactoryWay', 'Cítrico fresco');
    form.append('categoryId', '1');
    form.append('translations[0][language]', 'en-US');
    form.append('translations[0][ofactoryWay]', 'Fresh citrus');
    form.append('image.file', new Blob([image], { type: 'image/png' }), 'carga.png');
    return form;
  };

  const operations = [
    {
      name: 'read',
      weight: 40,
      run: async () => {
        const paths = [
          '/api/usuario?page=1&perPage=20',
          '/api/categories?page=1&perPage=20',
          '/api/fragrances?page=1&perPage=20',
          `/api/shots-campaign?timeZone=${encodeURIComponent(TIME_ZONE)}`,
        ];
        const path = paths[Math.floor(Math.random() * paths.length)];
        await staffCall(`read ${path.split('?')[0]}`, 'GET', path);
      },
    },
    {
      name: 'shot batch',
      weight: 25,
      run: async () => {
        const device = freeOf(devices);
        if (!device) return 'skipped';
        device.busy = true;
        try {
          device.sequence += 1;
          const at = new Date().toISOString();
          const body = {
            sequence: device.sequence,
            shots: Array.from({ length: BATCH }, () => ({
              at,
              slot: 1 + Math.floor(Math.random() * SLOTS),
              count: 1,
            })),
          };
          const send = () =>
            fetch(`${base}/api/device/shots`, {
              method: 'POST',
              headers: device.headers,
              body: JSON.stringify(body),
            });
          const response = await send();
          const answer = await response.json();
          if (response.status !== 200 || !answer.isNew || answer.shots !== BATCH) {
            fail('shot batch', `${response.status} ${JSON.stringify(answer).slice(0, 120)}`);
            return;
          }
          tally.shotsAcknowledged += answer.shots;
          if (device.sequence % REPLAY_EVERY === 0) {
            const again = await send();
            const repeated = await again.json();
            if (again.status !== 200 || repeated.isNew || repeated.shots !== 0)
              fail('shot batch replayed', `${again.status} ${JSON.stringify(repeated).slice(0, 120)}`);
          }
        } finally {
          device.busy = false;
        }
      },
    },
    {
      name: 'heartbeat',
      weight: 5,
      run: async () => {
        const device = freeOf(devices);
        if (!device) return 'skipped';
        device.busy = true;
        try {
          const response = await fetch(`${base}/api/device/heartbeat`, {
            method: 'POST',
            headers: device.headers,
            body: JSON.stringify(device.heartbeat),
          });
          const text = await response.text();
          if (response.status !== 200) fail('heartbeat', `${response.status} ${text.slice(0, 120)}`);
        } finally {
          device.busy = false;
        }
      },
    },
    {
      name: 'category save',
      weight: 15,
      run: async () => {
        const existing = tally.categoriesCreated;
        if (existing.length > 0 && Math.random() < 0.5) {
          const categoryId = existing[Math.floor(Math.random() * existing.length)];
          const name = nameOf('Renomeada');
          await staffCall('category rename', 'PUT', `/api/categories/${categoryId}`, {
            name,
            translations: [
              { language: 'en-US', name: `${name} en` },
              { language: 'es-ES', name: `${name} es` },
            ],
          });
          return;
        }
        const name = nameOf('Categoria');
        const created = await staffCall(
          'category create',
          'POST',
          '/api/categories',
          {
            name,
            translations: [
              { language: 'en-US', name: `${name} en` },
              { language: 'es-ES', name: `${name} es` },
            ],
          },
          201,
        );
        if (created) tally.categoriesCreated.push(created.categoryId);
      },
    },
    {
      name: 'quiz events',
      weight: 10,
      run: async () => {
        const player = freeOf(players);
        if (!player) return 'skipped';
        player.busy = true;
        try {
          await refresh(player, player.account);
          const events = walk(snapshot);
          const response = await fetch(`${base}/api/app/quiz-sessions/events`, {
            method: 'POST',
            headers: { ...player.headers, 'content-type': 'application/json' },
            body: JSON.stringify({ sessionId: randomUUID(), quizId: snapshot.quizId, version: 1, events }),
          });
          const answer = await response.json();
          if (response.status !== 200 || answer.recorded !== events.length) {
            fail('quiz events', `${response.status} ${JSON.stringify(answer).slice(0, 120)}`);
            return;
          }
          tally.eventsRecorded += events.length;
          tally.sessions += 1;
        } finally {
          player.busy = false;
        }
      },
    },
    {
      name: 'upload',
      weight: 5,
      run: async () => {
        const image = images[Math.floor(Math.random() * images.length)];
        const existing = tally.fragrancesCreated;
        if (existing.length > 0 && Math.random() < 0.5) {
          const fragranceId = existing[Math.floor(Math.random() * existing.length)];
          await staffCall(
            'upload replace',
            'PUT',
            `/api/fragrances/${fragranceId}`,
            fragranceForm(nameOf('Fragrância trocada'), image),
          );
          return;
        }
        const created = await staffCall(
          'upload create',
          'POST',
          '/api/fragrances',
          fragranceForm(nameOf('Fragrância'), image),
          201,
        );
        if (created) tally.fragrancesCreated.push(created.fragranceId);
      },
    },
  ];
  const totalWeight = operations.reduce((sum, each) => sum + each.weight, 0);
  const draw = () => {
    let pick = Math.random() * totalWeight;
    for (const each of operations) {
      pick -= each.weight;
      if (pick < 0) return each;
    }
    return operations[0];
  };
  return { operations, draw, tally, errors, fail };
}
