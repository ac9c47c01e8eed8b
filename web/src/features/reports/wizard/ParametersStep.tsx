import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { isOperatorReport, REPORT_INTERVALS, REPORT_LIMITS } from '@gearwatch/contracts';
import type { ReportInterval } from '@gearwatch/contracts';
import { NamedPicker } from '../../../components/selection/NamedPicker.tsx';
import { useDeviceGroupOptions, useOperatorGroupOptions } from '../../../api/model-lists.ts';
import type { ReportWizardState } from './useReportWizard.ts';

const joined = (t: (key: string) => string, keys: readonly string[]) => (keys.length > 0 ? keys.map((key) => t(key)).join(' ') : undefined);

/** Step 2: name, interval, and operator groups for the operator reports, device groups for the others (spec 01 §2). */
export function ParametersStep({ wizard }: { wizard: ReportWizardState }) {
  const { t } = useTranslation();
  const operators = wizard.values.type !== null && isOperatorReport(wizard.values.type);
  const deviceGroups = useDeviceGroupOptions(!operators);
  const operatorGroups = useOperatorGroupOptions(operators);
  const groups = operators ? operatorGroups : deviceGroups;
  const { values, errors, busy, set } = wizard;
  const groupErrors = [...(errors[wizard.groupField] ?? []), ...(errors['groups'] ?? [])];
  return (
    <Stack spacing={2.5} sx={{ pt: 1 }}>
      <TextField
        label={t('report.wizard.field.name')}
        value={values.name}
        required
        disabled={busy}
        onChange={(event) => set('name', event.target.value)}
        error={(errors['name'] ?? []).length > 0}
        helperText={joined(t, errors['name'] ?? [])}
        slotProps={{ htmlInput: { maxLength: REPORT_LIMITS.nameMax } }}
      />
      <TextField
        select
        label={t('report.wizard.field.interval')}
        value={values.interval}
        required
        disabled={busy}
        onChange={(event) => set('interval', event.target.value as ReportInterval)}
        error={(errors['reportInterval'] ?? []).length > 0}
        helperText={joined(t, errors['reportInterval'] ?? [])}
      >
        {REPORT_INTERVALS.map((interval) => (
          <MenuItem key={interval} value={interval}>
            {t(`report.wizard.interval.${interval}`)}
          </MenuItem>
        ))}
      </TextField>
      <NamedPicker
        label={t(operators ? 'report.wizard.field.operator-groups' : 'report.wizard.field.device-groups')}
        options={groups.data ?? []}
        loading={groups.isPending}
        value={values.groups}
        onChange={(ids) => set('groups', ids)}
        errors={groupErrors}
        required
        disabled={busy}
        testId="pick-groups"
      />
    </Stack>
  );
}
