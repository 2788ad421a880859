import type { PairedDevice, PairingBody } from '@scentia/shared/device-api.schemas';
import { RESET_CODE_DIGITS, RESET_CODE_STEP_SECONDS } from '@scentia/shared/devices.schemas';
import { ErrorCode } from '@scentia/shared/error-codes';
import type { Account } from '../../lib/account.ts';
import { AppError, tooManyRequests } from '../../lib/app-error.ts';
import type { DeviceSecretBox } from '../../lib/device-secrets.ts';
import type { FailureLimiter } from '../../lib/limits/failure-limiter.ts';
import { oneTimeCodeStep } from '../../lib/one-time-codes.ts';
import type { DevicePairingsRepository } from './device-pairings.repository.ts';

/** The code shown now, or the one of the step before (read a moment before it changed). */
const CODE_WINDOW_STEPS = 1;

/**
 * An app user links themself to a device with the reset code it shows now. Six digits are a million
 * guesses: wrong codes are counted per device and per user, and past the limit both wait (429), so a
 * guesser can neither hammer one device nor spread over many.
 */
export function createDevicePairingsService(deps: {
  repository: DevicePairingsRepository;
  secrets: DeviceSecretBox;
  failuresByDevice: FailureLimiter;
  failuresByUser: FailureLimiter;
  now?: () => number;
}) {
  const { repository } = deps;
  const now = deps.now ?? (() => Date.now());

  async function answer(deviceId: number): Promise<PairedDevice> {
    const device = await repository.pairedDevice(deviceId);
    if (!device) throw new AppError(ErrorCode.NOT_FOUND);
    return device;
  }

  return {
    /** Answers the device and whether this call created the link (false: it was there already). */
    async pair(account: Account, body: PairingBody): Promise<{ device: PairedDevice; isNew: boolean }> {
      const userKey = `user:${account.id}`;
      const waitForUser = await deps.failuresByUser.retryAfter(userKey);
      if (waitForUser > 0) throw tooManyRequests(waitForUser);
      const device = await repository.findByMac(body.macAddress);
      if (!device || device.isRetired) throw new AppError(ErrorCode.DEVICE_NOT_REGISTERED);
      if (!device.secretCiphertext) throw new AppError(ErrorCode.DEVICE_NOT_PROVISIONED);
      const deviceKey = `device:${device.id}`;
      const waitForDevice = await deps.failuresByDevice.retryAfter(deviceKey);
      if (waitForDevice > 0) throw tooManyRequests(waitForDevice);
      const step = oneTimeCodeStep(deps.secrets.open(device.secretCiphertext), body.code, now(), {
        stepSeconds: RESET_CODE_STEP_SECONDS,
        digits: RESET_CODE_DIGITS,
        window: CODE_WINDOW_STEPS,
      });
      if (step === null) {
        await Promise.all([
          deps.failuresByUser.recordFailure(userKey),
          deps.failuresByDevice.recordFailure(deviceKey),
        ]);
        throw new AppError(ErrorCode.PAIRING_CODE_INVALID);
      }
      const { linkedUserId, isNew, isCodeUsed } = await repository.link(device.id, account.id, step);
      // A code already spent is refused like a wrong one, and counted: replaying it is guessing.
      if (isCodeUsed) {
        await Promise.all([
          deps.failuresByUser.recordFailure(userKey),
          deps.failuresByDevice.recordFailure(deviceKey),
        ]);
        throw new AppError(ErrorCode.PAIRING_CODE_INVALID);
      }
      if (linkedUserId === null) throw new AppError(ErrorCode.DEVICE_NOT_REGISTERED);
      if (linkedUserId !== account.id) throw new AppError(ErrorCode.DEVICE_HAS_USER);
      return { device: await answer(device.id), isNew };
    },

    list: (account: Account) => repository.pairedDevices(account.id),

    async unpair(account: Account, deviceId: number): Promise<void> {
      if (!(await repository.unlink(deviceId, account.id))) throw new AppError(ErrorCode.NOT_FOUND);
    },
  };
}

export type DevicePairingsService = ReturnType<typeof createDevicePairingsService>;
