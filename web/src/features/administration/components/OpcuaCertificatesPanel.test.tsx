import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OpcuaCertificateEntry } from '@gearwatch/contracts';
import { renderAdminPage } from '../test/render-admin.tsx';
import { OpcuaCertificatesPanel } from './OpcuaCertificatesPanel.tsx';

const SHA1 = Array.from({ length: 20 }, (_, i) => (i * 7).toString(16).padStart(2, '0').toUpperCase()).join(':');
const SHA256 = Array.from({ length: 32 }, (_, i) => (i * 5).toString(16).padStart(2, '0').toUpperCase()).join(':');

const entry = (state: OpcuaCertificateEntry['state']): OpcuaCertificateEntry => ({
  sensorId: 9,
  name: 'Press 2 controller',
  serialNumber: 'PRESS-2',
  endpointUrl: 'opc.tcp://10.0.0.9:4840',
  state,
  certificate: {
    subject: 'CN=Press2, O=Acme',
    issuer: 'CN=Press2, O=Acme',
    sha1: SHA1,
    sha256: SHA256,
    validFrom: '2026-01-01T00:00:00.000Z',
    validTo: '2036-01-01T00:00:00.000Z',
  },
  at: '2026-11-28T10:00:00.000Z',
});

describe('OpcuaCertificatesPanel', { timeout: 20_000 }, () => {
  it('shows an untrusted certificate with its subject, thumbprints and validity, and trusts it by its SHA-256 on a click', async () => {
    let state: OpcuaCertificateEntry['state'] = 'untrusted';
    const { user, callsTo } = await renderAdminPage(<OpcuaCertificatesPanel now={Date.parse('2026-11-28T10:05:00Z')} />, {
      'GET /api/opcua-certificates': () => ({ body: { entries: [entry(state)] } }),
      'POST /api/opcua-certificates/9/trust': () => {
        state = 'trusted';
        return { body: { entries: [entry(state)] } };
      },
      'POST /api/opcua-certificates/9/revoke': () => {
        state = 'untrusted';
        return { body: { entries: [entry(state)] } };
      },
    });
    const untrusted = await screen.findByTestId('opcua-certificates-untrusted');
    expect(within(untrusted).getByText('Machine certificates to check: 1')).toBeTruthy();
    expect(within(untrusted).getByText('Press 2 controller', { exact: false })).toBeTruthy();
    expect(within(untrusted).getByText('CN=Press2, O=Acme')).toBeTruthy();
    expect(within(untrusted).getByText(SHA1)).toBeTruthy();
    expect(within(untrusted).getByText(SHA256)).toBeTruthy();
    expect(within(untrusted).getByText(/^from .*2026.* to .*2036/)).toBeTruthy();
    // Nothing was trusted by showing it.
    expect(callsTo('POST', '/api/opcua-certificates/9/trust')).toHaveLength(0);
    await user.click(within(untrusted).getByRole('button', { name: 'Trust' }));
    await waitFor(() => expect(screen.getByTestId('opcua-certificates-trusted')).toBeTruthy());
    expect(callsTo('POST', '/api/opcua-certificates/9/trust')[0]?.json).toEqual({ sha256: SHA256 });
    await user.click(within(screen.getByTestId('opcua-certificates-trusted')).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(screen.getByTestId('opcua-certificates-untrusted')).toBeTruthy());
    expect(callsTo('POST', '/api/opcua-certificates/9/revoke')).toHaveLength(1);
  });

  it('shows nothing while no machine presented a certificate', async () => {
    const { container, callsTo } = await renderAdminPage(<OpcuaCertificatesPanel now={Date.now()} />, {
      'GET /api/opcua-certificates': () => ({ body: { entries: [] } }),
    });
    await waitFor(() => expect(callsTo('GET', '/api/opcua-certificates')).toHaveLength(1));
    expect(container.querySelector('[data-testid^="opcua-certificates"]')).toBeNull();
  });
});
