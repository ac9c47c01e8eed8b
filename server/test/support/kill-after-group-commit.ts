import { GroupCommitter } from '../../src/telemetry/protocols/teltonika/group-commit.ts';

/**
 * Preloaded into a server process by teltonika-crash.process.test.ts (node --import): the process SIGKILLs itself
 * the moment a Teltonika packet's group has committed, before the packet handler gets its result back and the
 * listener writes the acknowledgement. The crash lands exactly between commit and acknowledgement with no fault
 * point in the product: the test instruments the process, as a debugger would.
 */
const store = GroupCommitter.prototype.store;
GroupCommitter.prototype.store = async function storeThenDie(this: GroupCommitter, ...args: Parameters<GroupCommitter['store']>) {
  const result = await store.apply(this, args);
  process.kill(process.pid, 'SIGKILL');
  return result;
};
