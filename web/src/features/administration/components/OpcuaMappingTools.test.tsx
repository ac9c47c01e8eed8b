import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { OpcuaBrowseNode, OpcuaMachineRequest } from '@gearwatch/contracts';
import type { FakeCall } from '../../../components/forms/test/fake-api.ts';
import { renderAdminPage } from '../test/render-admin.tsx';
import { OpcuaMappingTools } from './OpcuaMappingTools.tsx';

const machine: OpcuaMachineRequest = {
  sensor: 5,
  opcuaEndpointUrl: 'opc.tcp://10.0.0.5:4840',
  opcuaSecurityMode: 'None',
  opcuaSecurityPolicy: 'None',
  opcuaUserName: null,
  opcuaPassword: null,
  opcuaAcceptServerCertificate: false,
};

const node = (fields: Partial<OpcuaBrowseNode> & Pick<OpcuaBrowseNode, 'nodeId' | 'displayName'>): OpcuaBrowseNode => ({
  browseName: `1:${fields.displayName}`,
  nodeClass: 'object',
  dataType: null,
  value: null,
  hasChildren: true,
  ...fields,
});

const LEVELS: Record<string, OpcuaBrowseNode[]> = {
  'i=85': [node({ nodeId: 'ns=1;i=1000', displayName: 'Moulder' })],
  'ns=1;i=1000': [
    node({ nodeId: 'ns=1;i=1001', displayName: 'MachineStatus' }),
    node({ nodeId: 'ns=1;s=Running', displayName: 'Running', nodeClass: 'variable', dataType: 'Boolean', value: 'true', hasChildren: false }),
  ],
};

const browse = (call: FakeCall) => {
  const nodeId = (call.json as { nodeId: string | null }).nodeId ?? 'i=85';
  return { body: { nodeId, nodes: LEVELS[nodeId] ?? [] } };
};

/** The tools as the form holds them: the mapping text is the field's value. */
function Harness({ initial }: { initial: string }) {
  const [mapping, setMapping] = useState(initial);
  return (
    <>
      <OpcuaMappingTools machine={machine} mapping={mapping} onMapping={setMapping} />
      <pre data-testid="mapping">{mapping}</pre>
    </>
  );
}

describe('OpcuaMappingTools', { timeout: 20_000 }, () => {
  it("browses the machine one level at a time and puts the picked variable in the line's node id", async () => {
    const { user, callsTo } = await renderAdminPage(<Harness initial={'3 | counter | ns=2;s=Parts\nrunning | ns=2;s=Old'} />, {
      'POST /api/sensors/opcua/browse': browse,
    });
    const lines = screen.getAllByTestId('opcua-mapped-node');
    expect(lines.map((line) => line.textContent)).toEqual(['3:ns=2;s=PartsBrowse', 'running:ns=2;s=OldBrowse']);
    await user.click(screen.getByRole('button', { name: 'Browse for the node of running' }));
    const dialog = await screen.findByRole('dialog', { name: 'Browse the machine' });
    await user.click(await within(dialog).findByText('Moulder'));
    const running = await within(dialog).findByText('Running');
    expect(within(dialog).getByText('Boolean = true · ns=1;s=Running')).toBeTruthy();
    // The browse used the form's machine, the saved module's id with it, one level per call.
    expect(callsTo('POST', '/api/sensors/opcua/browse').map((call) => call.json)).toEqual([
      { ...machine, nodeId: null },
      { ...machine, nodeId: 'ns=1;i=1000' },
    ]);
    await user.click(running);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('mapping').textContent).toBe('3 | counter | ns=2;s=Parts\nrunning | ns=1;s=Running');
  });

  it('shows why the machine cannot be browsed, translated', async () => {
    const { user } = await renderAdminPage(<Harness initial="running | ns=2;s=Old" />, {
      'POST /api/sensors/opcua/browse': () => ({ status: 400, body: { errors: {}, rootErrors: ['opcua.error.untrusted'] } }),
    });
    await user.click(screen.getByRole('button', { name: 'Browse for the node of running' }));
    const error = await screen.findByTestId('opcua-browse-error');
    expect(error.textContent).toMatch(/^The machine's certificate is not trusted\./);
    expect(screen.getByTestId('mapping').textContent).toBe('running | ns=2;s=Old');
  });

  it("fills a preset's lines in place of the mapping's running or state line and says what it found", async () => {
    const { user, callsTo } = await renderAdminPage(<Harness initial={'21 | value | ns=2;s=T\nrunning | ns=2;s=Old'} />, {
      'POST /api/sensors/opcua/preset': () => ({
        body: {
          lines: ['3 | counter | ns=4;i=6090', 'state | ns=4;i=7202 | work=1,2 | active=3,4'],
          found: [
            { role: 'cycles', nodeId: 'ns=4;i=6090', path: '/Moulder/Jobs/ActiveJobValues/JobCycleCounter' },
            { role: 'state', nodeId: 'ns=4;i=7202', path: '/Moulder/MachineStatus/MachineMode' },
          ],
          missing: [],
        },
      }),
    });
    await user.click(screen.getByRole('button', { name: 'EUROMAP 77 (injection moulding)' }));
    await waitFor(() =>
      expect(screen.getByTestId('mapping').textContent).toBe('21 | value | ns=2;s=T\n3 | counter | ns=4;i=6090\nstate | ns=4;i=7202 | work=1,2 | active=3,4'),
    );
    expect(callsTo('POST', '/api/sensors/opcua/preset')[0]?.json).toEqual({ ...machine, preset: 'euromap77' });
    expect(screen.getByTestId('opcua-preset-outcome').textContent).toContain('EUROMAP 77 (injection moulding): nodes mapped: 2');
    expect(screen.getByTestId('opcua-preset-outcome').textContent).toContain('cycle counter (parameter 3): /Moulder/Jobs/ActiveJobValues/JobCycleCounter');
  });
});
