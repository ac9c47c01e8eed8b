/**
 * Size limits of the Teltonika TCP protocol as this server accepts it (docs/teltonika.md, "Framing").
 *
 * Teltonika's "Data Sending Protocols" page gives 1,280 bytes as the largest AVL packet of FMB devices (512 for
 * FMB640/FM63), but Codec 8 Extended's variable-length elements (BLE beacon lists, VIN, DTC lists) grow past that;
 * 64 KiB leaves room for any of them while a stray or hostile length (up to 4 GiB) closes the connection before
 * anything is buffered.
 */
export const TELTONIKA_LIMITS = {
  /** An IMEI is 15 digits. */
  imeiLength: 15,
  /** A handshake declaring more than this is not read (a short wrong one is read and answered `00`). */
  maxHandshakeBytes: 64,
  /** The largest data field (codec id through Number of Data 2) accepted. */
  maxDataFieldBytes: 64 * 1024,
  /** Codec id, Number of Data 1 and Number of Data 2: a data field cannot be shorter. */
  minDataFieldBytes: 3,
  /** Preamble (4) and data field length (4) before the data field, CRC (4) after it. */
  avlHeaderBytes: 8,
  avlCrcBytes: 4,
  /** Of a frame refused for its framing, this many bytes are kept in ingest_rejects: the header shows the cause. */
  maxRejectedFrameBytes: 1024,
} as const;
