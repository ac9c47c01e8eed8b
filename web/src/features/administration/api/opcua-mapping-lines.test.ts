import { describe, expect, it } from 'vitest';
import { machineOf, mappingLines, withNodeId, withPresetLines } from './opcua-mapping-lines.ts';

describe('the mapping field as the OPC UA tools see it', () => {
  const text = [
    '3 | counter | ns=2;s=Parts',
    '',
    '# a comment',
    'state | ns=2;s=Mode | work=1 | active=2',
    '21 | value | ns=2;s=T | 0.1 | 0',
    '22 | value',
  ].join('\n');

  it('finds the node id of each line, skipping blanks, comments and lines without one', () => {
    expect(mappingLines(text)).toEqual([
      { index: 0, target: '3', nodeId: 'ns=2;s=Parts' },
      { index: 3, target: 'state', nodeId: 'ns=2;s=Mode' },
      { index: 4, target: '21', nodeId: 'ns=2;s=T' },
    ]);
  });

  it('replaces one line node id and leaves its other cells', () => {
    expect(withNodeId(text, 3, 'ns=4;i=6090').split('\n')[3]).toBe('state | ns=4;i=6090 | work=1 | active=2');
    expect(withNodeId(text, 4, 'ns=4;i=1').split('\n')[4]).toBe('21 | value | ns=4;i=1 | 0.1 | 0');
  });

  it("puts a preset's lines in place of the lines for the same parameter and of any running or state line", () => {
    const merged = withPresetLines(text, ['3 | counter | ns=4;i=10', 'running | ns=4;i=11']);
    expect(merged.split('\n')).toEqual(['# a comment', '21 | value | ns=2;s=T | 0.1 | 0', '22 | value', '3 | counter | ns=4;i=10', 'running | ns=4;i=11']);
    expect(withPresetLines('', ['state | ns=1;i=2 | work=1'])).toBe('state | ns=1;i=2 | work=1');
  });

  it('describes the machine from the form values, blanks as null', () => {
    expect(
      machineOf(
        { opcuaEndpointUrl: 'opc.tcp://m:4840', opcuaSecurityMode: 'Sign', opcuaSecurityPolicy: 'Basic256Sha256', opcuaUserName: ' ', opcuaPassword: null },
        7,
      ),
    ).toEqual({
      sensor: 7,
      opcuaEndpointUrl: 'opc.tcp://m:4840',
      opcuaSecurityMode: 'Sign',
      opcuaSecurityPolicy: 'Basic256Sha256',
      opcuaUserName: null,
      opcuaPassword: null,
      opcuaAcceptServerCertificate: false,
    });
  });
});
