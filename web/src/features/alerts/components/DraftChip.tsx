import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';

/** A rule the wizard was left on before Finish (issue 32 item 6): disabled and never alerting until it is enabled. */
export function DraftChip() {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('alert-rule.draft.hint')}>
      <Chip size="small" variant="outlined" color="warning" label={t('alert-rule.draft.label')} data-testid="rule-draft" />
    </Tooltip>
  );
}
