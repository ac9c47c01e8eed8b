import { DEPENDENT_ACTIONS, problemSchema } from '@gearwatch/contracts';
import type { DependentAction, DependentKind } from '@gearwatch/contracts';
import { ApiError } from '../../api/errors.ts';

export interface Dependent {
  id: number;
  name: string;
}
export type Dependents = Record<string, Dependent[]>;

/** The heading of each kind of dependent rows in the delete dialog (translation keys). */
export const DEPENDENT_KIND_KEYS: Record<DependentKind, string> = {
  sensors: 'delete.dependents.sensors',
  devices: 'delete.dependents.devices',
  operators: 'delete.dependents.operators',
  groups: 'delete.dependents.groups',
  users: 'delete.dependents.users',
  alerts: 'delete.dependents.alerts',
  conditions: 'delete.dependents.conditions',
};
/** A kind the client does not know yet is still listed, under this heading and without an action. */
export const OTHER_DEPENDENTS_KEY = 'delete.dependents.other';

/** The label of each action's button (translation keys). */
export const DEPENDENT_ACTION_KEYS: Record<DependentAction, string> = {
  unassign: 'delete.action.unassign',
  confirm: 'delete.action.confirm',
  remove: 'delete.action.remove',
};

function isKind(kind: string): kind is DependentKind {
  return Object.hasOwn(DEPENDENT_ACTIONS, kind);
}

export function kindHeadingKey(kind: string): string {
  return isKind(kind) ? DEPENDENT_KIND_KEYS[kind] : OTHER_DEPENDENTS_KEY;
}

/** The action offered for a kind of dependents, or null for a kind without one. */
export function dependentAction(kind: string): DependentAction | null {
  return isKind(kind) ? DEPENDENT_ACTIONS[kind] : null;
}

/** The non-empty dependents of a refused delete (409 with `dependents`), or null for any other error. */
export function dependentsOf(error: unknown): Dependents | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const problem = problemSchema.safeParse(error.body);
  if (!problem.success || !problem.data.dependents) return null;
  const groups = Object.entries(problem.data.dependents).filter(([, rows]) => rows.length > 0);
  return groups.length > 0 ? Object.fromEntries(groups) : null;
}
