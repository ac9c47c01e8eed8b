/** The payload of a job that needs none: a scheduled tick reads its time from its key. */
export type NoPayload = Record<string, never>;

/**
 * Every kind of job the server runs, with its payload's type: the one registry (decision 013). JobRunner's
 * `register`, `schedule`, `enqueue` and `enqueueTick` accept only these kinds, a handler's `job.payload` has its
 * kind's type, and enqueueing a wrong payload does not compile. The handler, schedule and attempts of each kind are
 * given where the feature registers it (jobs/ is a shared layer and imports no feature).
 */
export interface JobPayloads {
  /** alert-engine/engine.ts: the timers' pass every minute, and its catch-up turns. */
  'alert-engine.tick': NoPayload;
  /** reports/schedule/cyclic.ts: the cyclic configurations' due periods, every minute. */
  'report-periods': NoPayload;
  /** reports/schedule/cyclic.ts: expired report files, every hour. */
  'report-files-retention': NoPayload;
  /** tasks/reminders.ts: due task reminders. */
  'task-reminders': NoPayload;
  /** push/streams/prune.ts: old user events, every hour. */
  'user-events-prune': NoPayload;
  /** push/changes/device-status-events.ts: devices whose online or working time ran out, every minute. */
  'device-status-expiry': NoPayload;
}

export type JobKind = keyof JobPayloads;

/** The kinds of `Kinds` that carry no payload: only those run on a schedule (a tick has nothing but its time). */
export type TickKind<Kinds extends object> = { [K in keyof Kinds]: Kinds[K] extends NoPayload ? K : never }[keyof Kinds] & string;
