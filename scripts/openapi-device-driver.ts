// A diffuser's firmware written from the served OpenAPI document alone: its types are the ones
// openapi-typescript generates from that document (./openapi-types.ts, generated beside a copy of this
// file), and everything else it knows (base32 secret, TOTP parameters, weekday numbering, intensity unit,
// levels past zero) is what the document's descriptions say. `apps/api/test/openapi-device-client.test.ts`
// copies it beside the generated types, type-checks it and drives a device with it: a contract a device
// cannot be built from fails that test. It imports nothing of the API or of packages/shared on purpose.
import { createHmac } from 'node:crypto';
import type { paths } from './openapi-types.ts';

type Json<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;

type Provision = paths['/api/device/provision']['post'];
type Heartbeat = paths['/api/device/heartbeat']['post'];
type Shots = paths['/api/device/shots']['post'];
type Config = paths['/api/device/config']['get'];
type Pairing = paths['/api/app/device-pairings']['post'];

type ProvisionAnswer = Json<Provision['responses'][201]>;
type HeartbeatBody = Json<NonNullable<Heartbeat['requestBody']>>;
type HeartbeatAnswer = Json<Heartbeat['responses'][200]>;
type ShotBatchBody = Json<NonNullable<Shots['requestBody']>>;
type ShotBatchAnswer = Json<Shots['responses'][200]>;
type DeviceConfig = Json<Config['responses'][200]>;
type PairingAnswer = Json<Pairing['responses'][201]>;
type Range = DeviceConfig['schedule']['ranges'][number];

/** The secret "in base32 (RFC 4648 alphabet A–Z 2–7, no padding)", as the document says. */
function fromBase32(text: string): Uint8Array {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of text) {
    const index = alphabet.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Uint8Array.from(bytes);
}

/** RFC 6238 TOTP with the answer's parameters: HMAC-SHA1, T0 = 0, `codeStepSeconds`, `codeDigits`. */
export function resetCode(provisioned: ProvisionAnswer, atMs: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(atMs / 1000 / provisioned.codeStepSeconds)));
  const mac = createHmac('sha1', fromBase32(provisioned.secret)).update(counter).digest();
  const offset = (mac.at(-1) ?? 0) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** provisioned.codeDigits).padStart(provisioned.codeDigits, '0');
}

/** The wall-clock weekday (0 Sunday … 6 Saturday) and minute of the day at `at` in `timeZone`. */
function wallClock(at: Date, timeZone: string): { weekday: number; minute: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((item) => item.type === type)?.value ?? '';
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(part('weekday'));
  return { weekday, minute: Number(part('hour')) * 60 + Number(part('minute')) };
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Shots per hour the schedule asks for at `at`: a range's `intensity`, 0 outside every range. */
export function intensityAt(schedule: DeviceConfig['schedule'], at: Date): number {
  const week = 7 * 1440;
  const now = wallClock(at, schedule.timeZone);
  const minuteOfWeek = now.weekday * 1440 + now.minute;
  const covers = (range: Range) => {
    const start = minutesOf(range.start);
    const end = minutesOf(range.end);
    const from = range.weekday * 1440 + start;
    // An end at or before the start is on the next day; equal times are a whole day.
    const to = from + (end > start ? end - start : end - start + 1440);
    return [0, week].some((shift) => minuteOfWeek + shift >= from && minuteOfWeek + shift < to);
  };
  return schedule.ranges.find(covers)?.intensity ?? 0;
}

type Options = {
  baseUrl: string;
  macAddress: string;
  provisioningKey: string;
  /** The app user's token, who pairs with the code the device shows. */
  appUserToken: string;
  serialPrefix: string;
};

async function call<T>(
  options: Options,
  method: 'GET' | 'POST',
  path: keyof paths,
  token: string | undefined,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: T; etag: string | null }> {
  const response = await fetch(`${options.baseUrl}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : null) as T,
    etag: response.headers.get('etag'),
  };
}

/**
 * A device's first minutes: provisioning, the code an app user pairs with, the configuration (and
 * the 304 of an unchanged one), a heartbeat with a capsule in each slot of the collection, and one
 * batch that fires more shots than the first capsule holds, sent twice.
 */
export async function driveDevice(options: Options) {
  const provision = await call<ProvisionAnswer>(options, 'POST', '/api/device/provision', undefined, {
    macAddress: options.macAddress,
    provisioningKey: options.provisioningKey,
  } satisfies Json<NonNullable<Provision['requestBody']>>);
  const provisioned = provision.body;
  const credential = provisioned.credential;

  const pairing = await call<PairingAnswer>(
    options,
    'POST',
    '/api/app/device-pairings',
    options.appUserToken,
    {
      macAddress: options.macAddress,
      code: resetCode(provisioned, Date.now()),
    } satisfies Json<NonNullable<Pairing['requestBody']>>,
  );

  const config = await call<DeviceConfig>(options, 'GET', '/api/device/config', credential);
  const unchanged = await call<null>(options, 'GET', '/api/device/config', credential, undefined, {
    'if-none-match': config.etag ?? '',
  });

  const capsuleShots = 10;
  const heartbeatBody: HeartbeatBody = {
    firmwareVersion: '1.0.0',
    capsules: config.body.campaign.collection.map((entry) => ({
      slot: entry.slot,
      serialNumber: `${options.serialPrefix}-${entry.slot}`,
      fragranceId: entry.fragranceId,
      sizeShots: capsuleShots,
      remainingShots: capsuleShots,
    })),
  };
  const heartbeat = await call<HeartbeatAnswer>(
    options,
    'POST',
    '/api/device/heartbeat',
    credential,
    heartbeatBody,
  );

  const slot = heartbeat.body.capsules[0]?.slot ?? 1;
  const batch: ShotBatchBody = {
    sequence: 1,
    shots: [{ at: new Date(heartbeat.body.serverTime).toISOString(), slot, count: capsuleShots + 2 }],
  };
  const shots = await call<ShotBatchAnswer>(options, 'POST', '/api/device/shots', credential, batch);
  const again = await call<ShotBatchAnswer>(options, 'POST', '/api/device/shots', credential, batch);

  return {
    provisioned: { status: provision.status, codeDigits: provisioned.codeDigits },
    pairing: { status: pairing.status, deviceId: pairing.body.deviceId },
    config: { status: config.status, version: config.body.version, schedule: config.body.schedule },
    unchanged: { status: unchanged.status },
    heartbeat: { status: heartbeat.status, capsules: heartbeat.body.capsules },
    shots: { status: shots.status, answer: shots.body },
    again: { status: again.status, answer: again.body },
  };
}
