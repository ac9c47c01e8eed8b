import { describe, expect, it } from 'vitest';
import { formatMapping, parseMapping } from './mapping.ts';
import { SecretBox } from './secret-box.ts';

describe('OPC UA mapping field', () => {
  it('reads values, counters, a running node and a state node, and writes them back the same', () => {
    const text = ['21 | value | ns=2;s=Temperature | 0.1 | -5', '3 | counter | ns=2;s=PartsProduced', 'state | ns=2;i=1001 | work=1,2 | active=3'].join('\n');
    const parsed = parseMapping(`# the lathe\n${text}\n\n`);
    expect(parsed).toEqual({
      mapping: [
        { kind: 'value', nodeId: 'ns=2;s=Temperature', parameter: 21, multiplier: 0.1, offset: -5, workValues: [], activeValues: [] },
        { kind: 'counter', nodeId: 'ns=2;s=PartsProduced', parameter: 3, multiplier: 1, offset: 0, workValues: [], activeValues: [] },
        { kind: 'state', nodeId: 'ns=2;i=1001', parameter: null, multiplier: 1, offset: 0, workValues: [1, 2], activeValues: [3] },
      ],
    });
    expect(formatMapping('mapping' in parsed ? parsed.mapping : [])).toBe(text);
  });

  it.each([
    ['1 | value | ns=2;s=Work', 'work is derived'],
    ['2 | counter | ns=2;s=On', 'active is derived'],
    ['21 | gauge | ns=2;s=T', 'an unknown kind'],
    ['21 | value | ns=2;s=T | 0', 'a multiplier of 0'],
    ['3 | counter | ns=2;s=P | 1 | 5', 'a counter with an offset'],
    ['running | ns=2;s=A\nstate | ns=2;s=B | work=1', 'two state nodes'],
    ['state | ns=2;s=B | work=1 | active=1', 'a value both work and active'],
    ['21 | value | ns=2;s=T\n21 | value | ns=2;s=U', 'a parameter twice'],
  ])('refuses %j (%s)', (text) => {
    expect(parseMapping(text)).toHaveProperty('error');
  });
});

describe('OPC UA password sealing', () => {
  it('opens what it sealed, with a fresh IV each time, and refuses another key or a changed value', () => {
    const box = new SecretBox('a key of at least sixteen characters');
    const sealed = box.seal('lathe-secret');
    expect(sealed).not.toContain('lathe-secret');
    expect(box.seal('lathe-secret')).not.toBe(sealed);
    expect(box.open(sealed)).toBe('lathe-secret');
    expect(() => new SecretBox('another key of sixteen characters').open(sealed)).toThrow();
    const changed = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'BB' : 'AA');
    expect(() => box.open(changed)).toThrow();
  });
});
