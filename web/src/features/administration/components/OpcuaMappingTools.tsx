import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import PlaylistAddOutlined from '@mui/icons-material/PlaylistAddOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OPCUA_PRESETS } from '@gearwatch/contracts';
import type { OpcuaMachineRequest, OpcuaPreset, OpcuaPresetResult } from '@gearwatch/contracts';
import { machineErrorKeys, usePreset } from '../api/opcua.ts';
import { mappingLines, withNodeId, withPresetLines } from '../api/opcua-mapping-lines.ts';
import { OpcuaBrowseDialog } from './OpcuaBrowseDialog.tsx';

export interface OpcuaMappingToolsProps {
  /** The machine as the form describes it now (saved or not). */
  machine: OpcuaMachineRequest;
  /** The mapping field's text. */
  mapping: string;
  onMapping: (text: string) => void;
  disabled?: boolean;
}

type PresetOutcome = { preset: OpcuaPreset; result: OpcuaPresetResult } | { preset: OpcuaPreset; errors: string[] };

/**
 * Under the OPC UA mapping field: a Browse button for each mapped node id (the node picked in the browse dialog
 * replaces it) and the companion-specification presets, which fill the usual nodes found on the machine
 * (docs/opcua.md "Presets").
 */
export function OpcuaMappingTools({ machine, mapping, onMapping, disabled = false }: OpcuaMappingToolsProps) {
  const { t } = useTranslation();
  const lines = useMemo(() => mappingLines(mapping), [mapping]);
  const [browsing, setBrowsing] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<PresetOutcome | null>(null);
  const preset = usePreset();
  const canReach = machine.opcuaEndpointUrl !== null && !disabled;

  const fill = (name: OpcuaPreset) => {
    setOutcome(null);
    preset.mutate(
      { machine, preset: name },
      {
        onSuccess: (result) => {
          if (result.lines.length > 0) onMapping(withPresetLines(mapping, result.lines));
          setOutcome({ preset: name, result });
        },
        onError: (error) => setOutcome({ preset: name, errors: machineErrorKeys(error) }),
      },
    );
  };

  const browsed = browsing === null ? undefined : lines.find((line) => line.index === browsing);
  return (
    <Stack spacing={1} data-testid="opcua-mapping-tools">
      {lines.length > 0 ? (
        <Stack spacing={0.5}>
          {lines.map((line) => (
            <Stack key={line.index} direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid="opcua-mapped-node">
              <Typography variant="body2" sx={{ minWidth: 64, fontWeight: 600 }}>
                {t('opcua.mapping.target', { target: line.target })}
              </Typography>
              <Typography variant="body2" sx={{ fontFamily: 'monospace', flex: 1, wordBreak: 'break-all' }}>
                {line.nodeId || '—'}
              </Typography>
              <Button
                size="small"
                variant="outlined"
                startIcon={<AccountTreeOutlined />}
                disabled={!canReach}
                onClick={() => setBrowsing(line.index)}
                aria-label={t('opcua.mapping.browse-line', { target: line.target })}
              >
                {t('opcua.mapping.browse')}
              </Button>
            </Stack>
          ))}
        </Stack>
      ) : null}
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center', rowGap: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {t('opcua.preset.label')}
        </Typography>
        {OPCUA_PRESETS.map((name) => (
          <Button
            key={name}
            size="small"
            variant="outlined"
            startIcon={<PlaylistAddOutlined />}
            disabled={!canReach || preset.isPending}
            onClick={() => fill(name)}
          >
            {t(`opcua.preset.${name}`)}
          </Button>
        ))}
      </Stack>
      {!canReach && !disabled ? (
        <Typography variant="caption" color="text.secondary">
          {t('opcua.mapping.needs-endpoint')}
        </Typography>
      ) : null}
      {outcome ? <PresetOutcomeAlert outcome={outcome} /> : null}
      {browsed ? (
        <OpcuaBrowseDialog
          open
          machine={machine}
          current={browsed.nodeId}
          onClose={() => setBrowsing(null)}
          onPick={(nodeId) => {
            onMapping(withNodeId(mapping, browsed.index, nodeId));
            setBrowsing(null);
          }}
        />
      ) : null}
    </Stack>
  );
}

function PresetOutcomeAlert({ outcome }: { outcome: PresetOutcome }) {
  const { t } = useTranslation();
  const name = t(`opcua.preset.${outcome.preset}`);
  if ('errors' in outcome)
    return (
      <Alert severity="error" data-testid="opcua-preset-outcome">
        {outcome.errors.map((key) => (
          <div key={key}>{t(key)}</div>
        ))}
      </Alert>
    );
  const { found, missing } = outcome.result;
  return (
    <Alert severity={found.length === 0 ? 'warning' : missing.length > 0 ? 'info' : 'success'} data-testid="opcua-preset-outcome">
      {found.length === 0 ? t('opcua.preset.none', { preset: name }) : t('opcua.preset.filled', { preset: name, count: found.length })}
      {found.map((entry) => (
        <div key={entry.role}>
          {t(`opcua.preset.role.${entry.role}`)}: <code>{entry.path}</code>
        </div>
      ))}
      {missing.length > 0 ? <div>{t('opcua.preset.missing', { roles: missing.map((role) => t(`opcua.preset.role.${role}`)).join(', ') })}</div> : null}
    </Alert>
  );
}
