import { describe, expect, it } from 'vitest';
import { FORM_TEXT_KEYS, LANGUAGES, TASK_MESSAGE_KEYS, TASK_STATUSES, TASK_TYPES, taskTypeLabelKey } from '@gearwatch/contracts';
import en from '../../i18n/locales/en.json';
import lv from '../../i18n/locales/lv.json';
import pl from '../../i18n/locales/pl.json';
import ru from '../../i18n/locales/ru.json';

const bundles: Record<string, Record<string, string>> = { en, pl, lv, ru };

// The keys the tasks feature names in its sources, and those the server sends: the form's labels, the type choices
// and the field errors of the task rules.
const sources = import.meta.glob(['./**/*.{ts,tsx}', '!./**/*.test.{ts,tsx}'], { query: '?raw', import: 'default', eager: true }) as Record<string, string>;
const KEY = /['"`]((?:task|nav)\.[a-z0-9.-]+)['"`]/g;

function keysOfSources(): string[] {
  const keys = new Set<string>();
  for (const text of Object.values(sources)) for (const match of text.matchAll(KEY)) if (match[1]) keys.add(match[1]);
  return [...keys];
}

const builtKeys = [
  ...TASK_TYPES.map(taskTypeLabelKey),
  ...TASK_STATUSES.map((status) => `task.status.${status}`),
  ...FORM_TEXT_KEYS.task,
  ...Object.values(TASK_MESSAGE_KEYS),
  'nav.tasks',
];

describe('translations of the tasks', () => {
  it('finds the keys of the sources', () => {
    expect(keysOfSources().length).toBeGreaterThan(20);
  });

  it.each([...LANGUAGES])('%s has every key the tasks use', (language) => {
    const bundle = bundles[language] ?? {};
    expect([...keysOfSources(), ...builtKeys].filter((key) => !bundle[key]?.trim())).toEqual([]);
  });
});
