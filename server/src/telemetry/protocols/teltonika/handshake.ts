import { TeltonikaProtocolError } from './errors.ts';
import { TELTONIKA_LIMITS } from './limits.ts';

const IMEI_PATTERN = /^\d{15}$/;

/**
 * The IMEI a device sends first on a connection: 2-byte big-endian length, then the IMEI in ASCII
 * (`000F333536333037303432343431303133`). The IMEI is the module's serial number in Gearwatch.
 */
export function decodeImeiHandshake(frame: Uint8Array): string {
  if (frame.length < 2) throw new TeltonikaProtocolError('truncated', `handshake of ${frame.length} bytes`);
  const length = (frame[0]! << 8) | frame[1]!;
  if (frame.length !== 2 + length) throw new TeltonikaProtocolError('bad-length', `handshake declares ${length} bytes, ${frame.length - 2} given`);
  const imei = Buffer.from(frame.subarray(2)).toString('latin1');
  if (!IMEI_PATTERN.test(imei)) {
    throw new TeltonikaProtocolError('bad-imei', `${JSON.stringify(imei)} is not ${TELTONIKA_LIMITS.imeiLength} digits`);
  }
  return imei;
}
