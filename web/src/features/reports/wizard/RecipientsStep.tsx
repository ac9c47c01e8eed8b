import AlternateEmailOutlined from '@mui/icons-material/AlternateEmailOutlined';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { REPORT_MESSAGE_KEYS } from '@gearwatch/contracts';
import { NamedPicker } from '../../../components/selection/NamedPicker.tsx';
import { useActiveUserOptions } from '../../../api/model-lists.ts';
import type { ReportWizardState } from './useReportWizard.ts';

/**
 * Step 3: the users who receive the report (the signed-in user chosen to begin with) and addresses typed in, each
 * added by Enter as a chip ('Press Enter to add a new address'); a wrong address stays in the field with a message.
 */
export function RecipientsStep({ wizard }: { wizard: ReportWizardState }) {
  const { t } = useTranslation();
  const users = useActiveUserOptions();
  const { values, errors, busy, set } = wizard;
  const emailErrors = [...(wizard.draftError ? [wizard.draftError] : []), ...(errors['emails'] ?? [])];
  return (
    <Stack spacing={2.5} sx={{ pt: 1 }}>
      <Alert severity="info">{t('report.wizard.recipients-info')}</Alert>
      <NamedPicker
        label={t('report.wizard.field.users')}
        options={users.data ?? []}
        loading={users.isPending}
        value={values.users}
        onChange={(ids) => set('users', ids)}
        errors={errors['users']}
        disabled={busy}
        testId="pick-users"
      />
      <TextField
        label={t('report.wizard.field.emails')}
        type="email"
        value={wizard.draft}
        disabled={busy}
        onChange={(event) => wizard.setDraft(event.target.value)}
        onKeyDown={(event) => {
          // Enter adds the address; it must not also press Continue (the dialog is a form).
          if (event.key !== 'Enter') return;
          event.preventDefault();
          if (wizard.draft.trim() !== '') wizard.addDraft();
        }}
        error={emailErrors.length > 0}
        helperText={emailErrors.length > 0 ? emailErrors.map((key) => t(key)).join(' ') : t(REPORT_MESSAGE_KEYS.pressEnter)}
        slotProps={{
          htmlInput: { 'data-testid': 'email-input', autoComplete: 'off' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <AlternateEmailOutlined fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      {values.emails.length > 0 ? (
        <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }} data-testid="emails">
          {values.emails.map((email) => (
            <Chip
              key={email}
              size="small"
              label={email}
              disabled={busy}
              onDelete={() =>
                set(
                  'emails',
                  values.emails.filter((other) => other !== email),
                )
              }
              slotProps={{ root: { 'aria-label': email } }}
            />
          ))}
        </Stack>
      ) : null}
      {(errors['recipients'] ?? []).length > 0 ? <Alert severity="error">{(errors['recipients'] ?? []).map((key) => t(key)).join(' ')}</Alert> : null}
    </Stack>
  );
}
