import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { FormDefinition, FormValue } from '@gearwatch/contracts';
import { initI18n } from '../../i18n/i18n.ts';
import { FormRenderer } from './FormRenderer.tsx';
import type { FormValues } from './form-values.ts';
import { field } from './test/fields.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { createTestQueryClient, renderWithApp, testManager } from './test/render.tsx';

beforeAll(async () => {
  await initI18n('en');
});

interface HarnessProps {
  schema: FormDefinition['schema'];
  choices?: FormDefinition['choices'];
  initial?: FormValues;
  errors?: Record<string, string[]>;
  disabled?: boolean;
  onChange?: (name: string, value: FormValue) => void;
}

/** The renderer with its values held as a form would hold them, every change also reported to the test. */
function Harness({ schema, choices = {}, initial = {}, errors, disabled, onChange }: HarnessProps) {
  const [values, setValues] = useState(initial);
  return (
    <FormRenderer
      schema={schema}
      choices={choices}
      values={values}
      errors={errors}
      disabled={disabled}
      onChange={(name, value) => {
        onChange?.(name, value);
        setValues((current) => ({ ...current, [name]: value }));
      }}
    />
  );
}

async function renderForm(props: HarnessProps) {
  const onChange = vi.fn<(name: string, value: FormValue) => void>();
  // A datetime field shows times on the signed-in user's company clock (Warsaw).
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(queryKeys.currentUser, testManager);
  const view = await renderWithApp(<Harness onChange={onChange} {...props} />, { queryClient });
  return { ...view, onChange, lastValue: (name: string) => onChange.mock.calls.filter(([changed]) => changed === name).at(-1)?.[1] };
}

// Labels, help and errors are translation keys: existing English texts prove they are translated.
const SUBJECT = 'support.subject';
const MESSAGE = 'support.content';

describe('FormRenderer', { timeout: 15_000 }, () => {
  it('shows the fields in the order of the schema, labels translated', async () => {
    await renderForm({ schema: { b: field('text', MESSAGE), a: field('number', SUBJECT), c: field('checkbox', 'impersonate.user') } });
    const labels = [...document.querySelectorAll('label')].map((label) => label.textContent);
    expect(labels).toEqual(['Message', 'Subject', 'User']);
  });

  it('text: shows the value, reports what is typed, and an emptied field as null', async () => {
    const { user, lastValue } = await renderForm({ schema: { name: field('text', SUBJECT, { maxLength: 5, required: true }) }, initial: { name: 'Pre' } });
    const input = screen.getByRole('textbox', { name: /Subject/ });
    expect(input).toHaveProperty('value', 'Pre');
    expect(input.getAttribute('maxlength')).toBe('5');
    expect(input.hasAttribute('required')).toBe(true);
    await user.type(input, 'ss');
    expect(lastValue('name')).toBe('Press');
    await user.clear(input);
    expect(lastValue('name')).toBeNull();
  });

  it('text: upper-cases what is typed when the field asks for it', async () => {
    const { user, lastValue } = await renderForm({ schema: { rfid: field('text', SUBJECT, { changeToUpperCase: true }) } });
    const input = screen.getByRole('textbox', { name: 'Subject' });
    await user.type(input, 'ab1c');
    expect(input).toHaveProperty('value', 'AB1C');
    expect(lastValue('rfid')).toBe('AB1C');
  });

  it('shows the server’s errors translated under the field, instead of the help', async () => {
    const schema = { rfid: field('text', SUBJECT, { help: 'duplicate.new-name-help' }) };
    const { rerender } = await renderForm({ schema });
    expect(screen.getByText('Leave empty to use the original name with a copy suffix.')).toBeTruthy();
    rerender(<Harness schema={schema} errors={{ rfid: ['form.field.error.rfid-in-use', 'form.field.error.too-long'] }} />);
    expect(screen.getByText('This RFID is already in use.')).toBeTruthy();
    expect(screen.getByText('This value is too long')).toBeTruthy();
    expect(screen.queryByText('Leave empty to use the original name with a copy suffix.')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Subject' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('draws the named icons and none for a name it does not know', async () => {
    await renderForm({
      schema: {
        a: field('text', SUBJECT, { icon: 'rfid' }),
        b: field('email', MESSAGE, { icon: 'no-such-icon' }),
        c: field('entity', 'impersonate.user', { icon: 'person' }),
      },
    });
    expect(screen.getByTestId('form-icon-rfid')).toBeTruthy();
    expect(screen.getByTestId('form-icon-person')).toBeTruthy();
    expect(document.querySelectorAll('[data-testid^="form-icon-"]')).toHaveLength(2);
  });

  it('email and textarea: an e-mail input and a multi-line one', async () => {
    const { user, lastValue } = await renderForm({
      schema: { mail: field('email', SUBJECT), notes: field('textarea', MESSAGE, { maxLength: 10 }) },
      initial: { notes: 'a' },
    });
    expect(screen.getByRole('textbox', { name: 'Subject' }).getAttribute('type')).toBe('email');
    const notes = screen.getByRole('textbox', { name: 'Message' });
    expect(notes.tagName).toBe('TEXTAREA');
    await user.type(notes, 'b');
    expect(lastValue('notes')).toBe('ab');
  });

  it('number: min, max and step on the input; the value as a number, empty as null', async () => {
    const { user, lastValue } = await renderForm({ schema: { width: field('number', SUBJECT, { min: 0, max: 100, step: 0.5 }) }, initial: { width: 5 } });
    const input = screen.getByRole('spinbutton', { name: 'Subject' });
    expect(input).toHaveProperty('value', '5');
    expect([input.getAttribute('min'), input.getAttribute('max'), input.getAttribute('step')]).toEqual(['0', '100', '0.5']);
    await user.type(input, '2');
    expect(lastValue('width')).toBe(52);
    await user.clear(input);
    expect(lastValue('width')).toBeNull();
  });

  it('checkbox and switch: report true and false', async () => {
    const { user, lastValue } = await renderForm({ schema: { a: field('checkbox', SUBJECT), b: field('switch', MESSAGE) }, initial: { b: true } });
    await user.click(screen.getByRole('checkbox', { name: 'Subject' }));
    expect(lastValue('a')).toBe(true);
    const toggle = screen.getByRole('switch', { name: 'Message' });
    expect(toggle).toHaveProperty('checked', true);
    await user.click(toggle);
    expect(lastValue('b')).toBe(false);
  });

  it('choice: a select with translated labels, keeping the choice’s own value', async () => {
    const choices = {
      interval: [
        { value: 'hour', label: 'monitor.interval.hour', translate: true },
        { value: 7, label: 'monitor.interval.day', translate: true },
      ],
    };
    const { user, lastValue } = await renderForm({ schema: { interval: field('choice', SUBJECT) }, choices, initial: { interval: 'hour' } });
    const select = screen.getByRole('combobox', { name: 'Subject' });
    expect(select.textContent).toBe('Hourly');
    await user.click(select);
    expect(screen.getByRole('option', { name: 'None' })).toBeTruthy();
    await user.click(screen.getByRole('option', { name: 'Daily' }));
    expect(lastValue('interval')).toBe(7);
  });

  it('choice, multiple: several values; no more than maxItems can be picked', async () => {
    const choices = { days: ['a', 'b', 'c'].map((value) => ({ value, label: `Day ${value}` })) };
    const { user, lastValue } = await renderForm({
      schema: { days: field('choice', SUBJECT, { multiple: true, maxItems: 2 }) },
      choices,
      initial: { days: ['a'] },
    });
    await user.click(screen.getByRole('combobox', { name: 'Subject' }));
    await user.click(screen.getByRole('option', { name: 'Day c' }));
    expect(lastValue('days')).toEqual(['a', 'c']);
    expect(screen.getByRole('option', { name: 'Day b' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('choice, expanded: radio buttons for one value, checkboxes for several', async () => {
    const choices = {
      one: [
        { value: 1, label: 'monitor.interval.hour', translate: true },
        { value: 2, label: 'monitor.interval.day', translate: true },
      ],
      many: [
        { value: 'x', label: 'X' },
        { value: 'y', label: 'Y' },
        { value: 'z', label: 'Z' },
      ],
    };
    const { user, lastValue } = await renderForm({
      schema: { one: field('choice', SUBJECT, { expanded: true }), many: field('choice', MESSAGE, { expanded: true, multiple: true, maxItems: 2 }) },
      choices,
      initial: { one: 1, many: ['z'] },
    });
    expect(screen.getByRole('radio', { name: 'Hourly' })).toHaveProperty('checked', true);
    await user.click(screen.getByRole('radio', { name: 'Daily' }));
    expect(lastValue('one')).toBe(2);
    await user.click(screen.getByRole('checkbox', { name: 'X' }));
    expect(lastValue('many')).toEqual(['x', 'z']);
    expect(screen.getByRole('checkbox', { name: 'Y' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('checkbox', { name: 'Z' }));
    expect(lastValue('many')).toEqual(['x']);
  });

  it('entity: a searchable list showing names as they are, several values as chips', async () => {
    // A name that happens to be a translation key is still shown as it is.
    const choices = {
      operators: [
        { value: 1, label: 'Anna' },
        { value: 2, label: 'support.subject', translate: true },
        { value: 3, label: 'Jan' },
      ],
    };
    const { user, lastValue } = await renderForm({ schema: { operators: field('entity', MESSAGE, { multiple: true }) }, choices, initial: { operators: [3] } });
    expect(screen.getByRole('button', { name: 'Jan' })).toBeTruthy();
    await user.click(screen.getByRole('combobox', { name: 'Message' }));
    expect(screen.getByRole('option', { name: 'support.subject' })).toBeTruthy();
    await user.click(screen.getByRole('option', { name: 'Anna' }));
    expect(lastValue('operators')).toEqual([3, 1]);
  });

  it('entity, single and expanded: radio buttons with the names', async () => {
    const choices = {
      group: [
        { value: 4, label: 'Line A' },
        { value: 5, label: 'Line B' },
      ],
    };
    const { user, lastValue } = await renderForm({ schema: { group: field('entity', SUBJECT, { expanded: true }) }, choices });
    await user.click(screen.getByRole('radio', { name: 'Line B' }));
    expect(lastValue('group')).toBe(5);
  });

  it('radio: one of the choices', async () => {
    const choices = {
      mode: [
        { value: 'a', label: 'monitor.axis.on', translate: true },
        { value: 'b', label: 'monitor.axis.off', translate: true },
      ],
    };
    const { user, lastValue } = await renderForm({ schema: { mode: field('radio', SUBJECT) }, choices });
    const group = screen.getByRole('radiogroup', { name: 'Subject' });
    await user.click(within(group).getByRole('radio', { name: 'Off' }));
    expect(lastValue('mode')).toBe('b');
  });

  it('datetime: shows the instant on the company clock and reports an ISO instant', async () => {
    // The signed-in user's company is in Warsaw (UTC+2 in May), whatever the browser's zone.
    const { lastValue } = await renderForm({ schema: { at: field('datetime', SUBJECT) }, initial: { at: '2025-05-06T05:30:00.000Z' } });
    const input = screen.getByLabelText('Subject');
    expect(input).toHaveProperty('value', '2025-05-06T07:30');
    fireEvent.change(input, { target: { value: '2025-05-07T08:45' } });
    expect(lastValue('at')).toBe('2025-05-07T06:45:00.000Z');
  });

  it('disables a disabled field, and every field while the form is disabled', async () => {
    const schema = { a: field('text', SUBJECT, { disabled: true }), b: field('text', MESSAGE), c: field('switch', 'impersonate.user') };
    const { rerender } = await renderForm({ schema });
    expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveProperty('disabled', false);
    rerender(<Harness schema={schema} disabled />);
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('switch', { name: 'User' })).toHaveProperty('disabled', true);
  });

  it('geopolygon: a 300 px map with the draw and clear buttons, warning while the area is open', async () => {
    await renderForm({
      schema: { area: field('geopolygon', SUBJECT) },
      initial: {
        area: [
          [19, 52],
          [20, 52],
        ],
      },
    });
    expect(screen.getByRole('region', { name: 'Subject' })).toBeTruthy();
    expect(getComputedStyle(screen.getByRole('region', { name: 'Subject' })).height).toBe('300px');
    expect(screen.getByRole('button', { name: 'Draw area' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('The area has not been closed.');
  });
});
