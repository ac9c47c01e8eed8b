import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { appendUserEvents } from '../../push/streams/event-log.ts';
import { FilesRepository } from './files-repository.ts';

/** A `report-file` event to each user who asked for or receives the file, in the transaction of the change. */
export async function tell(trx: Kysely<DB>, fileId: number, status: string, progress: number): Promise<void> {
  const users = await new FilesRepository(trx).audience(fileId);
  await appendUserEvents(
    trx,
    users.map((userId) => ({ userId, type: 'report-file' as const, payload: { fileId, status, progress } })),
  );
}
