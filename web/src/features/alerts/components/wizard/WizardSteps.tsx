import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ALERT_MESSAGE_KEYS } from '@gearwatch/contracts';
import { FormRenderer } from '../../../../components/forms/FormRenderer.tsx';
import { useActiveUserOptions, useDeviceGroupOptions, useDeviceOptions } from '../../../../api/model-lists.ts';
import type { RuleWizard } from '../../hooks/useRuleWizard.ts';
import { NamedPicker } from '../../../../components/selection/NamedPicker.tsx';
import { PreviewPanel } from './PreviewPanel.tsx';

function Loading() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
      <CircularProgress aria-label={t('common.loading')} />
    </Box>
  );
}

/** Step 1: name, type, importance and description (the server's rule form). */
export function RuleStep({ wizard }: { wizard: RuleWizard }) {
  const { form, schema, errors, setValue } = wizard.rule;
  if (!form.definition || !schema) return <Loading />;
  return <FormRenderer schema={schema} choices={form.definition.choices} values={form.values} errors={errors} onChange={setValue} disabled={wizard.busy} />;
}

/** Step 2: the devices and device groups the rule watches; at least one of either. */
export function TargetsStep({ wizard }: { wizard: RuleWizard }) {
  const { t } = useTranslation();
  const devices = useDeviceOptions();
  const groups = useDeviceGroupOptions();
  const { value, errors, set } = wizard.targets;
  return (
    <Stack spacing={2.5} sx={{ pt: 1 }}>
      <Typography variant="body2" color="text.secondary">
        {t('alert-rule.wizard.targets-info')}
      </Typography>
      <NamedPicker
        label={t('alert-rule.field.devices')}
        options={devices ?? []}
        value={value.devices}
        onChange={(ids) => set('devices', ids)}
        errors={errors['devices']}
        disabled={wizard.busy}
        testId="pick-devices"
      />
      <NamedPicker
        label={t('alert-rule.field.groups')}
        options={groups.data ?? []}
        value={value.devicegroups}
        onChange={(ids) => set('devicegroups', ids)}
        errors={errors['groups']}
        disabled={wizard.busy}
        testId="pick-groups"
      />
    </Stack>
  );
}

/** Step 3: the condition (skipped with a notice for types without one) and the preview of the last 7 days. */
export function ConditionStep({ wizard }: { wizard: RuleWizard }) {
  const { t } = useTranslation();
  const { withCondition, form, schema, errors, setValue, preview, previewed } = wizard.condition;
  return (
    <Stack spacing={2.5} sx={{ pt: 1 }}>
      {withCondition ? (
        form.definition && schema ? (
          <FormRenderer schema={schema} choices={form.definition.choices} values={form.values} errors={errors} onChange={setValue} disabled={wizard.busy} />
        ) : (
          <Loading />
        )
      ) : (
        <Alert severity="info" data-testid="no-conditions-needed">
          {t(ALERT_MESSAGE_KEYS.noConditionsNeeded)}
        </Alert>
      )}
      {/* Below the fields, in the flow: kept sticky it covered the last fields (the hours, the weekdays). */}
      <PreviewPanel preview={preview} complete={previewed !== null} />
    </Stack>
  );
}

/** Step 4: the users who receive the rule's alerts (the signed-in user is chosen to begin with). */
export function UsersStep({ wizard }: { wizard: RuleWizard }) {
  const { t } = useTranslation();
  const users = useActiveUserOptions();
  const { value, errors, set } = wizard.users;
  return (
    <Stack spacing={2.5} sx={{ pt: 1 }}>
      <Alert severity="info">{t('alert-rule.wizard.users-info')}</Alert>
      <NamedPicker
        label={t('alert-rule.field.users')}
        options={users.data ?? []}
        value={value}
        onChange={set}
        errors={errors['users']}
        disabled={wizard.busy}
        testId="pick-users"
      />
    </Stack>
  );
}
