// `npm start`: build the client if needed, then run the server in this process (so SIGTERM reaches it directly).
import { register } from 'tsx/esm/api';
import { buildClientIfNeeded } from './build-client.mjs';

buildClientIfNeeded();
register();
await import('../server/src/main.ts');
