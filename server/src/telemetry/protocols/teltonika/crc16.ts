/**
 * CRC-16/IBM (also called CRC-16/ARC): polynomial 0x8005 reflected (0xA001), initial value 0, no final XOR. Teltonika
 * computes it over an AVL packet's data field, from the codec id to Number of Data 2.
 */
export function crc16Ibm(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let crc = 0;
  for (let i = start; i < end; i++) {
    crc ^= bytes[i]!;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
  }
  return crc;
}
