import { act, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FORM_MESSAGE_KEYS } from '@gearwatch/contracts';
import { deviceDefinition } from './test/definitions.ts';
import { deferred, problem } from './test/fake-api.ts';
import type { FakeHandler, FakeReply } from './test/fake-api.ts';
import { renderWithFakeApi } from './test/render.tsx';
import { useServerForm } from './useServerForm.ts';
import type { ServerForm, ServerFormOptions, ServerFormStatus } from './useServerForm.ts';

interface Probe {
  form: ServerForm;
  statuses: ServerFormStatus[];
}

function FormProbe({ id, options, probe }: { id: number | null; options: ServerFormOptions; probe: Probe }) {
  const form = useServerForm('devices', id, options);
  useEffect(() => {
    probe.form = form;
    if (probe.statuses.at(-1) !== form.status) probe.statuses.push(form.status);
  });
  return <span data-testid="status">{form.status}</span>;
}

async function renderProbe(routes: Record<string, FakeHandler>, id: number | null = null) {
  const probe = { statuses: [] } as unknown as Probe;
  const onSaved = vi.fn();
  const onFetchError = vi.fn();
  const view = await renderWithFakeApi(<FormProbe id={id} options={{ onSaved, onFetchError }} probe={probe} />, routes);
  const status = () => screen.getByTestId('status').textContent;
  const submit = () => act(() => probe.form.submit());
  return { ...view, probe, onSaved, onFetchError, status, submit };
}

const created: FakeReply = { status: 201, body: { id: 42 } };

describe('useServerForm', () => {
  it('fetches the form of a new row and starts from its data', async () => {
    const { probe, status, callsTo } = await renderProbe({ 'GET /api/devices/new': () => ({ body: deviceDefinition() }) });
    await waitFor(() => expect(status()).toBe('fetched'));
    expect(probe.statuses).toEqual(['fetching', 'fetched']);
    expect(probe.form.values).toEqual({ name: 'PRESS', groups: [1], status: 'operational', active: true, area: null });
    expect(callsTo('GET', '/api/devices/new')).toHaveLength(1);
  });

  it('creates: POSTs the values form-encoded with the token, then reports the new id', async () => {
    const answer = deferred<FakeReply>();
    const { probe, status, onSaved, calls, queryClient } = await renderProbe({
      'GET /api/devices/new': () => ({ body: deviceDefinition() }),
      'POST /api/devices': () => answer.promise,
    });
    await waitFor(() => expect(status()).toBe('fetched'));
    queryClient.setQueryData(['devices', 'list', {}], { entries: [] });
    act(() => {
      probe.form.setValue('groups', []);
      probe.form.setValue('area', [
        [19, 52],
        [20, 52],
        [20, 53],
        [19, 52],
      ]);
    });
    // Sent in a synchronous act, so the answer can be held back while the test looks at the form.
    let sent: Promise<void> = Promise.resolve();
    act(() => {
      sent = probe.form.submit();
    });
    expect(status()).toBe('submitting');
    await act(async () => {
      answer.resolve(created);
      await sent;
    });
    expect(status()).toBe('submitted');
    expect(onSaved).toHaveBeenCalledWith(42);
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.contentType).toBe('application/x-www-form-urlencoded');
    expect(post?.form?.toString()).toBe(
      new URLSearchParams([
        ['name', 'PRESS'],
        ['groups', ''],
        ['status', 'operational'],
        ['active', 'true'],
        ['area', '[[19,52],[20,52],[20,53],[19,52]]'],
        ['token', 't1'],
      ]).toString(),
    );
    // Saving refreshes the resource's lists.
    expect(queryClient.getQueryState(['devices', 'list', {}])?.isInvalidated).toBe(true);
  });

  it('edits: fetches `{id}/edit` and PUTs to the row', async () => {
    const { status, submit, onSaved, callsTo } = await renderProbe(
      {
        'GET /api/devices/7/edit': () => ({ body: deviceDefinition('t7', { groups: [1, 2] }) }),
        'PUT /api/devices/7': () => ({ body: { id: 7 } }),
      },
      7,
    );
    await waitFor(() => expect(status()).toBe('fetched'));
    await submit();
    expect(onSaved).toHaveBeenCalledWith(7);
    expect(callsTo('PUT', '/api/devices/7')[0]?.form?.getAll('groups')).toEqual(['1', '2']);
  });

  it('400: puts field errors on the fields and notifies each root error', async () => {
    const { probe, status, submit, onSaved } = await renderProbe({
      'GET /api/devices/new': () => ({ body: deviceDefinition() }),
      'POST /api/devices': () => ({ status: 400, body: { errors: { name: ['form.field.error.name-in-use'] }, rootErrors: ['error.forbidden'] } }),
    });
    await waitFor(() => expect(status()).toBe('fetched'));
    await submit();
    expect(status()).toBe('validate-error');
    expect(probe.form.errors).toEqual({ name: ['form.field.error.name-in-use'] });
    expect(await screen.findByText('You are not allowed to do this')).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('an expired token reopens the form, keeping what the user typed, and the next submit carries the new token', async () => {
    const reopened = deferred();
    let tokens = 0;
    const { probe, status, submit, callsTo } = await renderProbe({
      'GET /api/devices/new': async () => {
        tokens += 1;
        if (tokens > 1) await reopened.promise;
        return { body: deviceDefinition(`t${tokens}`) };
      },
      'POST /api/devices': (call) =>
        call.form?.get('token') === 't2' ? created : { status: 400, body: { errors: {}, rootErrors: [FORM_MESSAGE_KEYS.invalidToken] } },
    });
    await waitFor(() => expect(status()).toBe('fetched'));
    act(() => probe.form.setValue('name', 'TYPED'));
    act(() => void probe.form.submit());
    await waitFor(() => expect(status()).toBe('fetching'));
    // The fields stay on screen while the form is reopened.
    expect(probe.form.definition?.token).toBe('t1');
    expect(probe.statuses).toEqual(['fetching', 'fetched', 'submitting', 'fetching']);
    expect(screen.getByText('The form has expired and was reloaded with your changes. Please save again.')).toBeTruthy();
    reopened.resolve();
    await waitFor(() => expect(status()).toBe('fetched'));
    expect(callsTo('GET', '/api/devices/new')).toHaveLength(2);
    expect(probe.form.definition?.token).toBe('t2');
    expect(probe.form.values['name']).toBe('TYPED');
    await submit();
    expect(status()).toBe('submitted');
    expect(callsTo('POST', '/api/devices').map((call) => [call.form?.get('token'), call.form?.get('name')])).toEqual([
      ['t1', 'TYPED'],
      ['t2', 'TYPED'],
    ]);
  });

  it('any other failed submit is a submit error, notified', async () => {
    const { status, submit } = await renderProbe({
      'GET /api/devices/new': () => ({ body: deviceDefinition() }),
      'POST /api/devices': () => problem(500),
    });
    await waitFor(() => expect(status()).toBe('fetched'));
    await submit();
    expect(status()).toBe('submit-error');
    expect(await screen.findByText('Oops, something went wrong! Please contact with support.')).toBeTruthy();
  });

  it('does not submit twice once saved', async () => {
    const { status, submit, callsTo } = await renderProbe({
      'GET /api/devices/new': () => ({ body: deviceDefinition() }),
      'POST /api/devices': () => created,
    });
    await waitFor(() => expect(status()).toBe('fetched'));
    await submit();
    await submit();
    expect(callsTo('POST', '/api/devices')).toHaveLength(1);
  });

  it('a form that cannot be fetched is a fetch error: notified, and the owner is told', async () => {
    const { status, onFetchError, probe } = await renderProbe({ 'GET /api/devices/9/edit': () => problem(404) }, 9);
    await waitFor(() => expect(status()).toBe('fetch-error'));
    expect(probe.statuses).toEqual(['fetching', 'fetch-error']);
    expect(onFetchError).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Requested item not found')).toBeTruthy();
  });
});
