import { describe, expect, it } from 'vitest';
import { deferred } from '../components/forms/test/fake-api.ts';
import { SettingSaver, settingPath } from './setting-saver.ts';

describe('SettingSaver', () => {
  it('sends one save at a time and then only the newest waiting value', async () => {
    const writes: { value: unknown; done: ReturnType<typeof deferred<void>> }[] = [];
    const saver = new SettingSaver((value) => {
      const done = deferred<void>();
      writes.push({ value, done });
      return done.promise;
    });
    saver.save('first', () => undefined);
    saver.save('second', () => undefined);
    saver.save('third', () => undefined);
    // The first save is still out: nothing else is sent meanwhile.
    expect(writes.map((write) => write.value)).toEqual(['first']);
    writes[0]?.done.resolve();
    await Promise.resolve();
    await Promise.resolve();
    expect(writes.map((write) => write.value)).toEqual(['first', 'third']);
    writes[1]?.done.resolve();
    await saver.idle();
    expect(writes.map((write) => write.value)).toEqual(['first', 'third']);
  });

  it('reports a failed save to the caller of that value and goes on with the next', async () => {
    const failures: unknown[] = [];
    const sent: unknown[] = [];
    const saver = new SettingSaver(async (value) => {
      sent.push(value);
      if (value === 'bad') throw new Error('refused');
    });
    saver.save('bad', (error) => failures.push(['bad', error]));
    saver.save('good', (error) => failures.push(['good', error]));
    await saver.idle();
    expect(sent).toEqual(['bad', 'good']);
    expect(failures).toEqual([['bad', new Error('refused')]]);
  });

  it('starts again after going idle', async () => {
    const sent: unknown[] = [];
    const saver = new SettingSaver(async (value) => {
      sent.push(value);
    });
    saver.save(1, () => undefined);
    await saver.idle();
    saver.save(2, () => undefined);
    await saver.idle();
    expect(sent).toEqual([1, 2]);
  });
});

describe('settingPath', () => {
  it('keeps the slashes of a key named after a route and escapes the rest', () => {
    expect(settingPath('dashboard')).toBe('/api/users/current/settings/dashboard');
    expect(settingPath('reports/efficiency report')).toBe('/api/users/current/settings/reports/efficiency%20report');
  });
});
