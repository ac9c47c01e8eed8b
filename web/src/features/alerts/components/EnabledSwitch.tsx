import Switch from '@mui/material/Switch';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../components/dialogs/useNotify.ts';
import { useRuleEnabled } from '../api/rules.ts';

/** A rule's enabled toggle: `PATCH /api/alertrules/{id}/enable|disable`; an archived rule's is read-only. */
export function EnabledSwitch({ id, enabled, readOnly = false }: { id: number; enabled: boolean; readOnly?: boolean }) {
  const { t } = useTranslation();
  const toggle = useRuleEnabled();
  const notify = useNotify();
  return (
    <Switch
      size="small"
      checked={toggle.isPending ? !enabled : enabled}
      disabled={readOnly || toggle.isPending}
      slotProps={{ input: { 'aria-label': t('alert-rule.enabled') } }}
      onChange={(event) => toggle.mutate({ id, enabled: event.target.checked }, { onError: (error) => notify.failure(error, 'alert-rule.enable-failed') })}
    />
  );
}
