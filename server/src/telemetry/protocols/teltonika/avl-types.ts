/** The AVL codecs this server decodes, by their id byte. Codec 12/13/14 (commands) are not supported. */
export const AVL_CODECS = { codec8: 0x08, codec8Extended: 0x8e, codec16: 0x10 } as const;
export type AvlCodecId = (typeof AVL_CODECS)[keyof typeof AVL_CODECS];

/** One IO element. Values are unsigned big-endian as sent; what an id means and its scale are in contracts' TELTONIKA_IO_PRESETS. */
export type AvlIoElement =
  /** The 1-, 2- and 4-byte groups. */
  | { id: number; byteLength: 1 | 2 | 4; value: number }
  /** The 8-byte group: a bigint, since iButton and RFID ids and odometers in mm exceed 2^53. */
  | { id: number; byteLength: 8; value: bigint }
  /** Codec 8 Extended's variable-length (NX) group, kept as bytes (VIN, DTC list, beacon lists). */
  | { id: number; byteLength: 'variable'; value: Uint8Array };

export interface AvlGpsElement {
  /** Degrees, west negative (signed int32 / 1e7). */
  longitude: number;
  /** Degrees, south negative. */
  latitude: number;
  /** Metres above sea level (signed). */
  altitude: number;
  /** Heading in degrees from north, clockwise. */
  angle: number;
  /** Satellites in use; 0 means the position is not a fix (the last known one is repeated). */
  satellites: number;
  /** km/h. */
  speed: number;
}

export interface AvlRecord {
  /** Epoch milliseconds (UTC). */
  timestampMs: number;
  /** 0 low, 1 high, 2 panic. */
  priority: number;
  gps: AvlGpsElement;
  /** The IO id whose change made the record; 0 for a periodic record. */
  eventIoId: number;
  /** Codec 16 only (0 on exit … 7 periodical); null for the other codecs. */
  generationType: number | null;
  io: AvlIoElement[];
}

export interface AvlPacket {
  codecId: AvlCodecId;
  records: AvlRecord[];
}
