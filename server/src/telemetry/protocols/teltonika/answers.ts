/** The server's two answers on a Teltonika connection. */

/** The server's answer to the handshake: `01` to accept the device, `00` to refuse it (the server then closes). */
export function encodeHandshakeAnswer(accepted: boolean): Uint8Array {
  return Uint8Array.of(accepted ? 0x01 : 0x00);
}

/**
 * The acknowledgement of an AVL packet: its record count as 4 bytes big-endian, sent once the records are stored. A
 * device that receives no (or a different) count sends the packet again.
 */
export function encodeRecordCountAck(recordCount: number): Uint8Array {
  const ack = new Uint8Array(4);
  new DataView(ack.buffer).setUint32(0, recordCount);
  return ack;
}
