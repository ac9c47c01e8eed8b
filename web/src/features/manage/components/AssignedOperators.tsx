import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { MAX_OPERATORS_PER_DEVICE } from '@gearwatch/contracts';
import { useAssignedOperators } from '../api/devices.ts';
import { managePaths } from '../api/keys.ts';
import { LinkedRows } from './LinkedRows.tsx';
import { QueryBody } from './QueryBody.tsx';
import { Section } from '../../../components/Section.tsx';

/** The operators assigned to the device (at most MAX_OPERATORS_PER_DEVICE), each linking to its page. */
export function AssignedOperators({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const operators = useAssignedOperators(deviceId);
  return (
    <Section
      title={t('manage.device.operators')}
      testId="device-operators"
      actions={
        operators.data ? (
          <Typography variant="caption" color="text.secondary">
            {t('manage.device.operators-count', { assigned: operators.data.length, max: MAX_OPERATORS_PER_DEVICE })}
          </Typography>
        ) : null
      }
    >
      <QueryBody query={operators}>
        {(rows) => <LinkedRows rows={rows} path={managePaths.deviceOperator} empty={t('manage.device.no-operators')} testId="assigned-operators" />}
      </QueryBody>
    </Section>
  );
}
