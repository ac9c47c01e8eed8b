/** Message parameters of one occurrence (contracts ALERT_MESSAGE_PARAMS). */
export type MessageParams = Record<string, string | number | null>;

/**
 * One point of a (rule, device)'s condition over time: at `at` (the data's time) the condition breached or
 * held. Points where the data does not count (outside the hours, no data) are simply absent.
 */
export interface Observation {
  at: number;
  breach: boolean;
  /** The occurrence's message parameters; may depend on when the open alert started. */
  params?: MessageParams | ((startedAt: number) => MessageParams);
  /**
   * A non-breach that ends an open alert only once the breach has been quiet this long: a pause (a forklift standing
   * between two lifts) is not an end.
   */
  endsAfterQuietMs?: number;
}

export interface OpenAlert {
  id: number | null;
  startedAt: number;
  lastAt: number;
  counter: number;
}

/** What the engine knows of a (rule, device) before new observations. */
export interface AlertState {
  open: OpenAlert | null;
  /** Observations at or before this time were applied already (the latest alert's last or end time). */
  coveredUntil: number;
}

export type AlertAction =
  { kind: 'open'; at: number; params: MessageParams } | { kind: 'repeat'; at: number; params: MessageParams } | { kind: 'end'; at: number };

const paramsOf = (observation: Observation, startedAt: number): MessageParams =>
  typeof observation.params === 'function' ? observation.params(startedAt) : (observation.params ?? {});

/**
 * The alert actions a series of observations causes, the same for the engine and the preview: a breach with no
 * open alert opens one; a breach at least `repeatEvery` after the open alert's last occurrence repeats it (counter
 * + 1); a non-breach ends it at that time (or, with `endsAfterQuietMs`, once the breach has been quiet that long). Observations not after `coveredUntil` were applied before and are skipped,
 * so evaluating the same data twice changes nothing.
 */
export function foldObservations(state: AlertState, observations: Observation[], repeatEvery: number): { actions: AlertAction[]; state: AlertState } {
  const sorted = [...observations].sort((a, b) => a.at - b.at);
  const actions: AlertAction[] = [];
  let open = state.open ? { ...state.open } : null;
  let covered = state.coveredUntil;
  // The latest breach seen, repeats or not (the stored last occurrence moves only with a counted repeat).
  let lastBreachAt = open?.lastAt ?? Number.NEGATIVE_INFINITY;
  for (const observation of sorted) {
    // A breach applied before still dates the quiet that ends the alert (the engine re-reads a lookback for it).
    if (observation.breach) lastBreachAt = Math.max(lastBreachAt, observation.at);
    if (observation.at <= covered) continue;
    if (observation.breach) {
      if (!open) {
        open = { id: null, startedAt: observation.at, lastAt: observation.at, counter: 1 };
        actions.push({ kind: 'open', at: observation.at, params: paramsOf(observation, observation.at) });
        covered = observation.at;
      } else if (observation.at - open.lastAt >= repeatEvery) {
        open.lastAt = observation.at;
        open.counter++;
        actions.push({ kind: 'repeat', at: observation.at, params: paramsOf(observation, open.startedAt) });
        covered = observation.at;
      }
    } else if (open) {
      if (observation.endsAfterQuietMs !== undefined && observation.at - lastBreachAt < observation.endsAfterQuietMs) continue;
      actions.push({ kind: 'end', at: observation.at });
      open = null;
      covered = observation.at;
    }
  }
  return { actions, state: { open, coveredUntil: covered } };
}

/**
 * Combines the step series of several conditions (each holds its last value until its next point): at each point
 * of any condition, the rule breaches when every condition's latest value breaches. Before every condition has a
 * value the rule is unknown and nothing is observed. `initial` gives a condition's value before the series.
 */
export function allConditions(series: Observation[][], initial: (boolean | undefined)[] = []): Observation[] {
  if (series.length === 1) return series[0]!;
  const latest: (Observation | undefined)[] = series.map(() => undefined);
  const known: (boolean | undefined)[] = series.map((_, i) => initial[i]);
  const points = series.flatMap((list, index) => list.map((observation) => ({ index, observation }))).sort((a, b) => a.observation.at - b.observation.at);
  const out: Observation[] = [];
  for (const { index, observation } of points) {
    latest[index] = observation;
    known[index] = observation.breach;
    if (known.some((value) => value === undefined)) continue;
    const breach = known.every(Boolean);
    const params = latest.find((o) => o?.breach)?.params ?? observation.params;
    // The rule clears when one condition clears; that condition's settling time applies.
    const endsAfterQuietMs = breach ? undefined : latest.find((o) => o !== undefined && !o.breach)?.endsAfterQuietMs;
    out.push({ at: observation.at, breach, params, ...(endsAfterQuietMs === undefined ? {} : { endsAfterQuietMs }) });
  }
  return out;
}
