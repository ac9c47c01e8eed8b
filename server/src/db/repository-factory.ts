import type { Kysely } from 'kysely';
import type { DB } from './schema.ts';

/**
 * Makes the repositories a worker or listener needs over a connection or a transaction. The server passes its one
 * factory (repositories.ts createRepositories), the one its routes' services are built from; a worker declares
 * only the repositories it uses, so it depends on no other feature.
 */
export type RepositoryFactory<Needed> = (db: Kysely<DB>) => Needed;
