import { ADMINISTRATION_RESPONSES, opcuaBrowseRequestSchema, opcuaPresetRequestSchema, opcuaTrustRequestSchema } from '@gearwatch/contracts';
import { idParams } from '../http/params.ts';
import type { App } from '../http/types.ts';
import type { OpcuaMachineService } from './opcua-machine-service.ts';

const tags = ['administration'];

/**
 * The OPC UA tools of the sensors screen (docs/opcua.md), in the super-admins' scope: the browse dialog, the presets,
 * and the machines' certificates trusted on first use or revoked.
 */
export function opcuaMachineRoutes(scope: App, machines: OpcuaMachineService): void {
  scope.post(
    '/api/sensors/opcua/browse',
    {
      schema: {
        tags,
        summary:
          "One level of an OPC UA machine's address space (objects, variables with data type and value) below nodeId (null: Objects), with a saved module's settings (sensor) or the form's; machine errors as rootErrors opcua.error.*",
        body: opcuaBrowseRequestSchema,
        response: ADMINISTRATION_RESPONSES.opcuaBrowse,
      },
    },
    (request) => machines.browse(request.auth, request.body),
  );
  scope.post(
    '/api/sensors/opcua/preset',
    {
      schema: {
        tags,
        summary: 'The mapping lines of a companion-specification preset (umati, euromap77), found by browse name on the machine',
        body: opcuaPresetRequestSchema,
        response: ADMINISTRATION_RESPONSES.opcuaPreset,
      },
    },
    (request) => machines.preset(request.auth, request.body),
  );
  scope.get(
    '/api/opcua-certificates',
    {
      schema: {
        tags,
        summary: 'OPC UA modules whose machine presented a certificate not trusted yet, or whose certificate a super-admin trusted',
        response: ADMINISTRATION_RESPONSES.opcuaCertificates,
      },
    },
    (request) => machines.certificates(request.auth),
  );
  scope.post(
    '/api/opcua-certificates/:id/trust',
    {
      schema: {
        tags,
        summary: "Trust the certificate module {id}'s machine presented, named by its SHA-256 thumbprint (refused if it changed)",
        params: idParams,
        body: opcuaTrustRequestSchema,
        response: ADMINISTRATION_RESPONSES.opcuaCertificateChange,
      },
    },
    (request) => machines.trust(request.auth, request.params.id, request.body.sha256),
  );
  scope.post(
    '/api/opcua-certificates/:id/revoke',
    {
      schema: {
        tags,
        summary: "Withdraw the trust in module {id}'s machine certificate: its sessions are refused until trusted again",
        params: idParams,
        response: ADMINISTRATION_RESPONSES.opcuaCertificateChange,
      },
    },
    (request) => machines.revoke(request.auth, request.params.id),
  );
}
