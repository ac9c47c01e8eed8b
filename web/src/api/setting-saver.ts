import type { ApiClient } from './client.ts';

/**
 * Writes one user setting, one request at a time (spec 02 §4: every change is saved at once). While a save is in
 * flight further changes wait, and only the newest of them is sent next: a slow earlier save can never land after,
 * and so overwrite, a later one.
 */
export class SettingSaver {
  private readonly write: (value: unknown) => Promise<void>;
  private pending: { value: unknown; onError: (error: unknown) => void } | null = null;
  private running: Promise<void> | null = null;

  constructor(write: (value: unknown) => Promise<void>) {
    this.write = write;
  }

  /** Queues `value` to be saved; `onError` runs if saving this value fails. */
  save(value: unknown, onError: (error: unknown) => void): void {
    this.pending = { value, onError };
    this.running ??= this.drain().finally(() => {
      this.running = null;
    });
  }

  /** Settles once everything queued so far has been written or has failed. */
  idle(): Promise<void> {
    return this.running ?? Promise.resolve();
  }

  private async drain(): Promise<void> {
    while (this.pending) {
      const { value, onError } = this.pending;
      this.pending = null;
      try {
        await this.write(value);
      } catch (error) {
        onError(error);
      }
    }
  }
}

export function settingPath(key: string): string {
  return `/api/users/current/settings/${key.split('/').map(encodeURIComponent).join('/')}`;
}

// One saver per API client and setting key, outliving the page: leaving the board and coming back must not start a
// second, unordered queue for the same setting.
const savers = new WeakMap<ApiClient, Map<string, SettingSaver>>();

export function settingSaver(api: ApiClient, key: string): SettingSaver {
  let byKey = savers.get(api);
  if (!byKey) {
    byKey = new Map();
    savers.set(api, byKey);
  }
  let saver = byKey.get(key);
  if (!saver) {
    saver = new SettingSaver(async (value) => {
      await api.request(settingPath(key), { method: 'PUT', json: { value } });
    });
    byKey.set(key, saver);
  }
  return saver;
}
