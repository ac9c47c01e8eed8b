import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { TeltonikaTrackerClient, TrackerRefusedError } from './tracker-client.ts';

const IMEI = '352093081573429';
const PACKET = Buffer.from('000000000000000f8e0100000000000000000000', 'hex');

/**
 * A scripted server: answers each connection's handshake with `handshake`, then each packet as `onPacket` says (the
 * 4-byte count, or nothing and a close, as a server that lost the acknowledgement or went away).
 */
async function scriptedServer(
  handshake: number,
  onPacket: (connection: number) => 'ack' | 'close',
): Promise<{ server: net.Server; port: number; packets: Buffer[] }> {
  const packets: Buffer[] = [];
  let connections = 0;
  const server = net.createServer((socket) => {
    const connection = ++connections;
    let shaken = false;
    socket.on('data', (chunk: Buffer) => {
      if (!shaken) {
        shaken = true;
        expect(chunk.readUInt16BE(0)).toBe(15);
        expect(chunk.subarray(2).toString('latin1')).toBe(IMEI);
        socket.write(Uint8Array.of(handshake));
        if (handshake !== 1) socket.end();
        return;
      }
      packets.push(chunk);
      if (onPacket(connection) === 'close') socket.destroy();
      else socket.write(Uint8Array.of(0, 0, 0, 1));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as net.AddressInfo).port, packets };
}

describe('the demo tracker’s TCP client', () => {
  const servers: net.Server[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
  });

  it('sends a packet again on a new connection when its acknowledgement was lost', async () => {
    const { server, port, packets } = await scriptedServer(1, (connection) => (connection === 1 ? 'close' : 'ack'));
    servers.push(server);
    const client = new TeltonikaTrackerClient({ host: '127.0.0.1', port }, IMEI, { answerTimeoutMs: 5_000 });
    await client.send(PACKET, 1);
    expect(packets).toEqual([PACKET, PACKET]);
    expect(client.connects).toBe(2);
    // The connection that acknowledged stays open for the next packet.
    await client.send(PACKET, 1);
    expect(client.connects).toBe(2);
    client.close();
  });

  it('gives up after its tries when no acknowledgement comes, so the caller resends later', async () => {
    const { server, port, packets } = await scriptedServer(1, () => 'close');
    servers.push(server);
    const client = new TeltonikaTrackerClient({ host: '127.0.0.1', port }, IMEI, { answerTimeoutMs: 5_000, attempts: 2 });
    await expect(client.send(PACKET, 1)).rejects.toThrow('closed');
    expect(packets).toHaveLength(2);
  });

  it('stops at a refused handshake', async () => {
    const { server, port, packets } = await scriptedServer(0, () => 'ack');
    servers.push(server);
    const client = new TeltonikaTrackerClient({ host: '127.0.0.1', port }, IMEI);
    await expect(client.send(PACKET, 1)).rejects.toBeInstanceOf(TrackerRefusedError);
    expect(packets).toEqual([]);
  });
});
