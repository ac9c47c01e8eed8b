import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import { problem } from '../../../components/forms/test/fake-api.ts';
import type { FakeCall, FakeHandler } from '../../../components/forms/test/fake-api.ts';

/** The texts of the first `columns` cells of each row of the entity list of `plural` (the rest are row actions). */
export function listRows(plural: string, columns: number): (string | null)[][] {
  return [...document.querySelectorAll(`[data-testid="entity-list-${plural}"] tbody tr`)].map((row) =>
    [...row.querySelectorAll('td')].slice(0, columns).map((cell) => cell.textContent),
  );
}

/** Presses a list page's add button in the breadcrumb bar's page-actions slot; the add dialog bears the same label. */
export async function openAddDialog(user: UserEvent, label: string): Promise<HTMLElement> {
  await user.click(within(screen.getByTestId('page-actions')).getByRole('button', { name: label }));
  return screen.findByRole('dialog', { name: label });
}

/**
 * The server side of a delete that assigned `kind` rows block (a group's devices or operators, a device's sensors):
 * DELETE `path` is refused with them as dependents until DELETE `path`/`kind` has unassigned them, then it goes through.
 */
export function blockedDelete(path: string, kind: string, dependents: readonly unknown[]): Record<string, FakeHandler> {
  let assigned = true;
  return {
    [`DELETE ${path}`]: () => (assigned ? problem(409, { dependents: { [kind]: dependents } }) : { body: {} }),
    [`DELETE ${path}/${kind}`]: () => {
      assigned = false;
      return { body: {} };
    },
  };
}

/**
 * Deletes the list's first row against a `blockedDelete` server: the refusal lists the `kind` dependents as `listed`,
 * "Unassign all" deletes the row named `name`, and the server saw the refused delete, the unassign, then the delete.
 */
export async function expectUnassignThenDelete(
  user: UserEvent,
  calls: readonly FakeCall[],
  { path, kind, listed, name }: { path: string; kind: string; listed: string; name: string },
): Promise<void> {
  await user.click(screen.getAllByRole('button', { name: 'Delete' })[0] as HTMLElement);
  const dialog = await screen.findByRole('dialog', { name: 'Delete' });
  await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
  const dependents = await within(dialog).findByTestId(`dependents-${kind}`);
  expect(within(dependents).getByText(listed)).toBeTruthy();
  await user.click(within(dependents).getByRole('button', { name: 'Unassign all' }));
  expect(await screen.findByText(`${name} has been deleted`)).toBeTruthy();
  expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([path, `${path}/${kind}`, path]);
}
