import { TooManyRequestsError } from '../../http/errors.ts';

/** How many event streams one holder may keep open on one instance (docs/events.md "Limits"). */
export interface StreamLimitSettings {
  /** `GET /api/events` streams of one user (tabs, the live screen's `?productionView=`). */
  perUser: number;
  /** Display streams (`GET /api/display/{token}/events`) of one display link. */
  perDisplayLink: number;
  /** Display streams from one remote address, over all links. */
  perDisplayAddress: number;
}

/**
 * The Retry-After of a refused stream. A slot frees when some stream of the holder closes, which nobody can foresee;
 * this is the web client's longest reconnect backoff (web/src/api/events.ts), so a client that honours it tries again
 * no sooner than it would anyway.
 */
export const STREAM_RETRY_AFTER_SECONDS = 30;

/** Gives the slot back; calling it again does nothing (a stream may be closed by the client and the server at once). */
export type ReleaseStream = () => void;

/**
 * Counts the open event streams of this instance per user, per display link and per remote address, and refuses one
 * more beyond a limit with 429 before the stream starts: each stream holds memory for as long as it is open, and a
 * display stream needs no sign-in. The counts are in memory: a stream lives on one instance, so the limits are per
 * instance. Signed-in streams are not counted per address (an office behind one address holds many users' tabs);
 * their user is the holder.
 */
export class StreamLimits {
  private readonly open = new Map<string, number>();

  constructor(private readonly settings: StreamLimitSettings) {}

  /** A slot for one more `/api/events` stream of this user, or TooManyRequestsError. */
  takeUserStream(userId: number): ReleaseStream {
    return this.take([{ key: `user:${userId}`, limit: this.settings.perUser }]);
  }

  /** A slot for one more display stream of this link from this address, or TooManyRequestsError. */
  takeDisplayStream(linkId: number, address: string): ReleaseStream {
    return this.take([
      { key: `display-link:${linkId}`, limit: this.settings.perDisplayLink },
      { key: `display-address:${address}`, limit: this.settings.perDisplayAddress },
    ]);
  }

  /** Streams open under a key (`user:{id}`, `display-link:{id}`, `display-address:{address}`): tests and metrics. */
  count(key: string): number {
    return this.open.get(key) ?? 0;
  }

  /** All the slots or none: a refused stream counts nowhere. */
  private take(claims: readonly { key: string; limit: number }[]): ReleaseStream {
    if (claims.some(({ key, limit }) => this.count(key) >= limit)) throw new TooManyRequestsError(STREAM_RETRY_AFTER_SECONDS);
    for (const { key } of claims) this.open.set(key, this.count(key) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      for (const { key } of claims) {
        const left = this.count(key) - 1;
        if (left > 0) this.open.set(key, left);
        else this.open.delete(key);
      }
    };
  }
}
