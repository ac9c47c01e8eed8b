import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../components/dialogs/useNotify.ts';
import { useConfigurationEnabled } from '../api/configurations.ts';

/**
 * A cyclic report's switch (`PATCH /api/reportsconfigurations/{id}/enable|disable`), its tooltip saying what a click
 * does: 'Switch off' while on, 'Switch on' while off (issue 18).
 */
export function ConfigurationEnabledSwitch({ id, enabled }: { id: number; enabled: boolean }) {
  const { t } = useTranslation();
  const toggle = useConfigurationEnabled();
  const notify = useNotify();
  const shown = toggle.isPending ? !enabled : enabled;
  const label = t(shown ? 'reports.configurations.switch-off' : 'reports.configurations.switch-on');
  return (
    <Tooltip title={label}>
      <Switch
        size="small"
        checked={shown}
        disabled={toggle.isPending}
        slotProps={{ input: { 'aria-label': label } }}
        onChange={(event) =>
          toggle.mutate({ id, enabled: event.target.checked }, { onError: (error) => notify.failure(error, 'reports.configurations.enable-failed') })
        }
      />
    </Tooltip>
  );
}
