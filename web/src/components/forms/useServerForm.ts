import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { FORM_MESSAGE_KEYS, formDefinitionSchema, formSubmitResultSchema } from '@gearwatch/contracts';
import type { FormDefinition, FormValue } from '@gearwatch/contracts';
import { useApi } from '../../api/ApiProvider.tsx';
import { ApiError } from '../../api/errors.ts';
import { useNotify } from '../dialogs/useNotify.ts';
import { encodeSubmission, mergeValues, presetValues } from './form-values.ts';
import type { FormPresets, FormValues } from './form-values.ts';

/** The lifecycle of a server-driven form (spec 01 §4). */
export type ServerFormStatus = 'fetching' | 'fetched' | 'submitting' | 'submitted' | 'validate-error' | 'submit-error' | 'fetch-error';

export interface ServerFormOptions {
  /** After a successful create or update, with the row's id. */
  onSaved?: (id: number) => void;
  /** The form could not be loaded (already notified): a dialog closes. */
  onFetchError?: (error: unknown) => void;
  /** False fetches nothing (a closed dialog); the form is fetched afresh each time it becomes true. */
  enabled?: boolean;
  /** Values a new row's form starts with instead of the server's (see `presetValues`); ignored when editing. */
  presets?: FormPresets;
}

export interface ServerForm {
  status: ServerFormStatus;
  /** The last definition fetched; kept while the form is reopened, so the fields stay on screen. */
  definition: FormDefinition | null;
  values: FormValues;
  /** Field → message keys of the last refused submit. */
  errors: Record<string, string[]>;
  setValue: (name: string, value: FormValue) => void;
  submit: () => Promise<void>;
}

interface State {
  status: ServerFormStatus;
  definition: FormDefinition | null;
  values: FormValues;
  errors: Record<string, string[]>;
}

const FETCHING: State = { status: 'fetching', definition: null, values: {}, errors: {} };
const LOAD_FAILED_KEY = 'form.message.load-failed';
const SAVE_FAILED_KEY = 'form.message.save-failed';

/** `new` for a new row, `{id}/edit` for an existing one. */
export function formPath(resource: string, id: number | null): string {
  return id === null ? `/api/${resource}/new` : `/api/${resource}/${id}/edit`;
}

/** Where the form is sent: `POST /api/{resource}` or `PUT /api/{resource}/{id}`. */
export function submitPath(resource: string, id: number | null): string {
  return id === null ? `/api/${resource}` : `/api/${resource}/${id}`;
}

/**
 * A server-driven form (spec 01 §3, §7; docs/forms.md): fetches the definition, keeps the values as the user edits
 * them and submits them form-encoded with the token. Field errors land on the fields, root errors are notified; an
 * expired token reopens the form with the user's values kept. Saving invalidates the resource's queries.
 */
export function useServerForm(resource: string, id: number | null, options: ServerFormOptions = {}): ServerForm {
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const { enabled = true } = options;
  const [state, setState] = useState<State>(FETCHING);
  // The callbacks (and the notifier) are read when a call ends: a parent's new closure, or a switch of language,
  // must not refetch the form and lose what the user typed.
  const callbacks = useRef({ ...options, notify });
  useEffect(() => {
    callbacks.current = { ...options, notify };
  });
  // Submit reads the values of the last render, not those of the render that created it.
  const latest = useRef(state);
  useEffect(() => {
    latest.current = state;
  });
  // Answers that arrive after the form was closed or switched to another row are dropped.
  const session = useRef<AbortController | null>(null);

  const fetchDefinition = useCallback(
    async (signal: AbortSignal) => formDefinitionSchema.parse(await api.get<unknown>(formPath(resource, id), undefined, signal)),
    [api, resource, id],
  );

  const failFetch = useCallback((error: unknown) => {
    setState((current) => ({ ...current, status: 'fetch-error' }));
    callbacks.current.notify.failure(error, LOAD_FAILED_KEY);
    callbacks.current.onFetchError?.(error);
  }, []);

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    session.current = controller;
    setState(FETCHING);
    fetchDefinition(controller.signal).then(
      (definition) => {
        if (controller.signal.aborted) return;
        const values = presetValues(definition, id === null ? (callbacks.current.presets ?? {}) : {});
        setState({ status: 'fetched', definition, values, errors: {} });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) failFetch(error);
      },
    );
    return () => controller.abort();
  }, [enabled, fetchDefinition, failFetch, id]);

  /** A new token for the same form: the fresh definition, with what the user typed on top. */
  const reopen = useCallback(async () => {
    const signal = session.current?.signal;
    if (!signal || signal.aborted) return;
    setState((current) => ({ ...current, status: 'fetching' }));
    try {
      const fresh = await fetchDefinition(signal);
      if (!signal.aborted) setState((current) => ({ ...current, status: 'fetched', definition: fresh, values: mergeValues(fresh, current.values) }));
    } catch (error) {
      if (!signal.aborted) failFetch(error);
    }
  }, [fetchDefinition, failFetch]);

  const setValue = useCallback((name: string, value: FormValue) => {
    setState((current) => ({ ...current, values: { ...current.values, [name]: value } }));
  }, []);

  const submit = useCallback(async () => {
    const { definition, values, status } = latest.current;
    const signal = session.current?.signal;
    // Once saved the dialog is closing: a second press must not create a second row.
    if (!definition || !signal || status === 'submitting' || status === 'submitted' || status === 'fetching') return;
    latest.current = { ...latest.current, status: 'submitting' };
    setState((current) => ({ ...current, status: 'submitting' }));
    try {
      const response = await api.request<unknown>(submitPath(resource, id), {
        method: id === null ? 'POST' : 'PUT',
        form: encodeSubmission(definition.schema, values, definition.token),
      });
      const saved = formSubmitResultSchema.parse(response.data);
      if (signal.aborted) return;
      setState((current) => ({ ...current, status: 'submitted', errors: {} }));
      void queryClient.invalidateQueries({ queryKey: [resource] });
      callbacks.current.onSaved?.(saved.id);
    } catch (error) {
      if (signal.aborted) return;
      const validation = error instanceof ApiError ? error.validation : null;
      if (!validation) {
        setState((current) => ({ ...current, status: 'submit-error' }));
        notify.failure(error, SAVE_FAILED_KEY);
        return;
      }
      setState((current) => ({ ...current, status: 'validate-error', errors: validation.errors }));
      for (const key of validation.rootErrors) notify.error(key);
      if (validation.rootErrors.includes(FORM_MESSAGE_KEYS.invalidToken)) await reopen();
    }
  }, [api, id, notify, queryClient, reopen, resource]);

  return { ...state, setValue, submit };
}
