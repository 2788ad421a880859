import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type {
  DeviceConfig,
  HeartbeatAnswer,
  HeartbeatBody,
  ProvisionAnswer,
  ProvisionBody,
  ShotBatchAnswer,
  ShotBatchBody,
} from '@scentia/shared/device-api.schemas';
import { RESET_CODE_DIGITS, RESET_CODE_STEP_SECONDS } from '@scentia/shared/devices.schemas';
import { ErrorCode } from '@scentia/shared/error-codes';
import { AppError, type FieldProblem, invalidFields, tooManyRequests } from '../../lib/app-error.ts';
import type { DeviceSecretBox } from '../../lib/device-secrets.ts';
import type { FailureLimiter } from '../../lib/limits/failure-limiter.ts';
import { newOneTimeSecret, toBase32 } from '../../lib/one-time-codes.ts';
import { hashToken } from '../../lib/token-hash.ts';
import { DEVICE_CREDENTIAL_PREFIX } from '../../plugins/device-auth.ts';
import type {
  DeviceApiRepository,
  DownloadToRecord,
  IngestResult,
  ShotBatchToIngest,
} from './device-api.repository.ts';
import type { DeviceViews } from './device-views.ts';
import { isUnchangedHeartbeat } from './heartbeat-change.ts';
import { type CoalescerLimits, createBatchCoalescer } from './shot-batch-coalescer.ts';
import { oldestShotTime } from './shot-partitions.ts';

/** How far ahead of the server's clock a shot may be dated (a device's clock drifts a little). */
const FUTURE_TOLERANCE_MS = 5 * 60_000;
/** Field problems named in one refusal at most: a batch of 1,000 bad times needs not 1,000 lines. */
const MAX_REPORTED_PROBLEMS = 10;
/** What the batch's acknowledgement raises for a slot without a capsule (migration 0024; DETAIL 'batch:slot' since 0026; ack_shot_batch since 0050). */
const SLOT_EMPTY_STATE = 'SC409';
/**
 * First fetches of a new configuration version are recorded in groups: a campaign's change sends every
 * device of the fleet for it within a heartbeat's period, and each download adds to the one campaign
 * row. Recorded one by one, they queued on that row's lock, a commit flushed each, while holding the
 * pool's connections (the burst's seconds of tail); grouped, one group at a time writes up to 500 and
 * updates the row once. Each fetch is answered after its group's commit.
 */
const DOWNLOAD_GROUP_LIMITS: CoalescerLimits = {
  maxInFlight: 1,
  maxBatchesPerGroup: 500,
  maxEntriesPerGroup: 500,
};

const PROVISIONING_REFUSALS = {
  unknown: ErrorCode.DEVICE_NOT_REGISTERED,
  retired: ErrorCode.DEVICE_RETIRED,
  taken: ErrorCode.DEVICE_ALREADY_PROVISIONED,
} as const;

type PgError = { code?: string; detail?: string; cause?: { code?: string; detail?: string } };

function slotEmptyError(error: unknown): number | undefined {
  const pg = error as PgError;
  const source =
    pg?.code === SLOT_EMPTY_STATE ? pg : pg?.cause?.code === SLOT_EMPTY_STATE ? pg.cause : undefined;
  return source ? Number(String(source.detail).split(':').pop()) : undefined;
}

/** Compares two keys in constant time, whatever their lengths (their hashes have the same). */
function isSameKey(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

export function createDeviceApiService(deps: {
  repository: DeviceApiRepository;
  /** The calling device as the heartbeat and configuration routes know it (device-views.ts). */
  views: DeviceViews;
  secrets: DeviceSecretBox;
  provisioningKey: string;
  /** Wrong provisioning keys per client address. */
  provisioningFailuresByIp: FailureLimiter;
  retentionMonths: number;
  /**
   * A capsule whose device reported it within these minutes stays there: another device's heartbeat
   * naming its serial (printed on the label, so known to anyone) does not take it.
   */
  capsuleHoldMinutes: number;
  now?: () => Date;
}) {
  const { repository, views } = deps;
  const now = deps.now ?? (() => new Date());
  // Batches that passed validation are acknowledged in groups, each answered after its group's commit;
  // the fold (shot-fold.ts) credits them to the counts later, once.
  const shotBatches = createBatchCoalescer<ShotBatchToIngest, IngestResult>({
    ingestGroup: (batches) => repository.ingestShotGroup(batches),
    ingestOne: (batch) => repository.ingestShots(batch.credentialHash, batch.sequence, batch.shots),
    entriesOf: (batch) => batch.shots.length,
  });
  const downloads = createBatchCoalescer<DownloadToRecord, void>(
    {
      ingestGroup: async (group) => {
        await repository.recordDownloads(group);
        return group.map(() => undefined);
      },
      ingestOne: (download) => repository.recordDownloads([download]),
      entriesOf: () => 1,
    },
    DOWNLOAD_GROUP_LIMITS,
  );

  return {
    findDevice: (credentialHash: string) => repository.findDevice(credentialHash),

    /** Answers the credential and the secret once; the key is checked before the MAC is looked up. */
    async provision(body: ProvisionBody, ip: string): Promise<ProvisionAnswer> {
      const wait = await deps.provisioningFailuresByIp.retryAfter(ip);
      if (wait > 0) throw tooManyRequests(wait);
      if (!isSameKey(body.provisioningKey, deps.provisioningKey)) {
        await deps.provisioningFailuresByIp.recordFailure(ip);
        throw new AppError(ErrorCode.PROVISIONING_KEY_INVALID);
      }
      const credential = `${DEVICE_CREDENTIAL_PREFIX}${randomBytes(32).toString('base64url')}`;
      const secret = newOneTimeSecret();
      const result = await repository.provision(body.macAddress, {
        credentialHash: hashToken(credential),
        secretCiphertext: deps.secrets.seal(secret),
      });
      if (result.outcome !== 'provisioned') throw new AppError(PROVISIONING_REFUSALS[result.outcome]);
      return {
        deviceId: result.deviceId,
        credential,
        secret: toBase32(secret),
        codeDigits: RESET_CODE_DIGITS,
        codeStepSeconds: RESET_CODE_STEP_SECONDS,
        codeAlgorithm: 'SHA1',
      };
    },

    /**
     * A heartbeat reporting what the server already holds (the same firmware, each capsule in its slot)
     * is answered from the device's view (kept, or one read) and writes nothing but, now and then, its
     * last-seen time with other devices'; any change takes the full path, which validates and records it
     * in one transaction before answering.
     */
    async heartbeat(credentialHash: string, body: HeartbeatBody): Promise<HeartbeatAnswer> {
      const view = await views.of(credentialHash);
      const { device } = view;
      const configVersion = view.config.version;
      if (isUnchangedHeartbeat(view, body)) {
        views.markHeard(view, true);
        const capsules = view.capsules.map(({ slot, serialNumber, remainingShots }) => ({
          slot,
          serialNumber,
          remainingShots,
        }));
        return { serverTime: now().toISOString(), configVersion, capsules };
      }
      const known = await repository.existingFragrances([
        ...new Set(body.capsules.map((capsule) => capsule.fragranceId)),
      ]);
      const unknown: FieldProblem[] = body.capsules.flatMap((capsule, index) =>
        known.has(capsule.fragranceId)
          ? []
          : [{ path: `capsules.${index}.fragranceId`, key: 'field.unknownFragrance' as const }],
      );
      if (unknown.length > 0) throw invalidFields(...unknown);
      const capsules = await repository.heartbeat(
        device.id,
        body.firmwareVersion,
        body.capsules.map((capsule) => ({ ...capsule, dueDate: capsule.dueDate ?? null })),
        deps.capsuleHoldMinutes,
      );
      // Its notification is on its way to every instance; this one knows already.
      views.forget(device.id);
      return { serverTime: now().toISOString(), configVersion, capsules };
    },

    async recordShots(credentialHash: string, body: ShotBatchBody): Promise<ShotBatchAnswer> {
      const time = now();
      const latest = time.getTime() + FUTURE_TOLERANCE_MS;
      const oldest = oldestShotTime(time, deps.retentionMonths).getTime();
      const problems: FieldProblem[] = [];
      body.shots.forEach((shot, index) => {
        const at = Date.parse(shot.at);
        if (at > latest) problems.push({ path: `shots.${index}.at`, key: 'field.shotInFuture' });
        else if (at < oldest)
          problems.push({
            path: `shots.${index}.at`,
            key: 'field.shotTooOld',
            params: { months: deps.retentionMonths },
          });
      });
      if (problems.length > 0) throw invalidFields(...problems.slice(0, MAX_REPORTED_PROBLEMS));
      let result: IngestResult;
      try {
        result = await shotBatches.submit({ credentialHash, sequence: body.sequence, shots: body.shots });
      } catch (error) {
        const slot = slotEmptyError(error);
        if (slot !== undefined) throw new AppError(ErrorCode.DEVICE_SLOT_EMPTY, { params: { slot } });
        throw error;
      }
      if (result.status === 'unknown') throw new AppError(ErrorCode.DEVICE_CREDENTIAL_INVALID);
      views.markSeen(credentialHash, result.deviceId, result.capsules);
      return { sequence: body.sequence, isNew: result.isNew, shots: result.shots, capsules: result.capsules };
    },

    /**
     * The configuration, and the first fetch of each campaign version counted in its downloads. A
     * version already recorded for the device (written with its download, in one transaction) is
     * answered from its view and writes nothing but, now and then, its last-seen time.
     */
    async config(credentialHash: string): Promise<DeviceConfig> {
      const view = await views.of(credentialHash);
      const { device, config } = view;
      if (view.configVersion === config.version) {
        views.markHeard(view, false);
        return config;
      }
      await downloads.submit({
        deviceId: device.id,
        campaignId: config.campaign.campaignId,
        campaignUpdatedAt: config.campaign.updatedAt,
        configVersion: config.version,
      });
      // Not news for the other instances (migration 0054): this one knows, and keeps the rest of the view.
      view.configVersion = config.version;
      view.seenAt = Date.now();
      return config;
    },
  };
}

export type DeviceApiService = ReturnType<typeof createDeviceApiService>;
