import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PRODUCTION_VIEW_LIMITS } from '@gearwatch/contracts';
import type { Device } from '@gearwatch/contracts';
import { useDevices } from '../../../../api/data-areas.ts';
import { useParameterOptions } from '../../api/views.ts';
import { parameterName, unitOf } from '../../api/words.ts';
import type { ViewWizardState } from '../../hooks/useViewWizard.ts';
import { lineField } from '../../hooks/wizard-rules.ts';

/** Step 2: exactly two production lines, each a name, a device, one of its parameters and a goal. */
export function LinesStep({ wizard }: { wizard: ViewWizardState }) {
  const { t } = useTranslation();
  const devices = useDevices();
  const linesError = wizard.errorOf('lineParams');
  return (
    <Stack spacing={2}>
      {linesError ? <Alert severity="error">{t(linesError)}</Alert> : null}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
        {wizard.values.lines.map((_, index) => (
          <LineFields key={index} index={index} wizard={wizard} devices={devices.data ?? []} />
        ))}
      </Box>
    </Stack>
  );
}

function LineFields({ index, wizard, devices }: { index: number; wizard: ViewWizardState; devices: Device[] }) {
  const { t } = useTranslation();
  const line = wizard.values.lines[index];
  const parameters = useParameterOptions(line?.deviceId ?? null);
  if (!line) return null;
  const error = (field: Parameters<typeof lineField>[1]) => wizard.errorOf(lineField(index, field));
  const message = (field: Parameters<typeof lineField>[1]) => {
    const key = error(field);
    return key ? t(key) : undefined;
  };
  const helpers = { lineName: message('lineName'), deviceId: message('deviceId'), parameter: message('parameter_id'), goal: message('goal') };
  const options = parameters.data ?? [];
  const chosen = options.find((option) => option.id === line.parameterId) ?? null;
  // A stored parameter the device no longer offers shows empty; Send keeps it and the server names what is wrong.
  const parameterValue = chosen ? String(chosen.id) : '';
  const deviceKnown = line.deviceId !== null && devices.some((device) => device.id === line.deviceId);
  const unit = chosen ? unitOf(t, chosen.valueKind, chosen.unit) : '';
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={`line-${index}`} role="group" aria-label={t('production.wizard.line', { number: index + 1 })}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t('production.wizard.line', { number: index + 1 })}
      </Typography>
      <Stack spacing={2} sx={{ mt: 1 }}>
        <TextField
          label={t('production.wizard.field.line-name')}
          required
          value={line.lineName}
          onChange={(event) => wizard.setLine(index, { lineName: event.target.value })}
          error={Boolean(error('lineName'))}
          helperText={helpers.lineName}
          slotProps={{ htmlInput: { maxLength: PRODUCTION_VIEW_LIMITS.lineNameMax + 1 } }}
          fullWidth
        />
        <TextField
          select
          label={t('production.wizard.field.device')}
          required
          value={deviceKnown ? String(line.deviceId) : ''}
          onChange={(event) => wizard.setLine(index, { deviceId: Number(event.target.value) })}
          error={Boolean(error('deviceId'))}
          helperText={helpers.deviceId}
          fullWidth
        >
          {devices.map((device) => (
            <MenuItem key={device.id} value={String(device.id)}>
              {device.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('production.wizard.field.parameter')}
          required
          disabled={line.deviceId === null}
          value={parameterValue}
          onChange={(event) => wizard.setLine(index, { parameterId: Number(event.target.value) })}
          error={Boolean(error('parameter_id'))}
          helperText={helpers.parameter ?? (line.deviceId === null ? t('production.wizard.help.parameter') : undefined)}
          fullWidth
        >
          {options.map((option) => (
            <MenuItem key={option.id} value={String(option.id)}>
              {parameterName(t, option.id, option.name)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={t('production.wizard.field.goal')}
          required
          value={line.goal}
          onChange={(event) => wizard.setLine(index, { goal: event.target.value })}
          error={Boolean(error('goal'))}
          helperText={helpers.goal ?? t('production.wizard.help.goal', { min: PRODUCTION_VIEW_LIMITS.goalMin, max: PRODUCTION_VIEW_LIMITS.goalMax })}
          slotProps={{
            htmlInput: { inputMode: 'numeric' },
            input: unit ? { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> } : undefined,
          }}
          fullWidth
        />
      </Stack>
    </Paper>
  );
}
