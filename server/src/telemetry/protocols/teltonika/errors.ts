/**
 * Why a Teltonika frame was refused. A packet that does not decode is not acknowledged (the device sends it again)
 * and is kept with its `reason` in `ingest_rejects`; a framing error closes the connection (docs/teltonika.md).
 */
export type TeltonikaErrorCode =
  /** The IMEI handshake is not 15 ASCII digits. */
  | 'bad-imei'
  /** An AVL packet does not start with four zero bytes. */
  | 'bad-preamble'
  /** The data field length is too small, over the limit, or disagrees with the bytes the records take. */
  | 'bad-length'
  /** The CRC-16/IBM of the data field is not the one the packet carries. */
  | 'crc-mismatch'
  /** A codec other than 8, 8 Extended or 16 (Codec 12/13/14 commands included). */
  | 'unknown-codec'
  /** Number of Data 1 and Number of Data 2 differ. */
  | 'record-count-mismatch'
  /** A record or an IO element runs past the end of the data field. */
  | 'truncated';

export class TeltonikaProtocolError extends Error {
  override readonly name = 'TeltonikaProtocolError';

  /** `reason` is plain English for `ingest_rejects.reason`, e.g. `crc-mismatch: packet says 0x1234, data gives 0xc7cf`. */
  constructor(
    readonly code: TeltonikaErrorCode,
    detail: string,
  ) {
    super(`${code}: ${detail}`);
  }

  get reason(): string {
    return this.message;
  }
}
