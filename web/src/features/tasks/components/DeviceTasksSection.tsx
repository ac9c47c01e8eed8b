import AddOutlined from '@mui/icons-material/AddOutlined';
import Button from '@mui/material/Button';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaskListFilter } from '@gearwatch/contracts';
import { Section } from '../../../components/Section.tsx';
import { useEntityDialogs } from '../../../hooks/useEntityDialogs.ts';
import { TaskList } from './TaskList.tsx';

const DEVICE_TASKS_PAGE = 10;

/**
 * The device page's tasks (issue 20): the tasks about the device, and Add with the device already chosen. Offered to
 * the device page by the app's routes, since one feature does not import another.
 */
export function DeviceTasksSection({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const dialogs = useEntityDialogs();
  const filter = useMemo<TaskListFilter>(() => ({ device: deviceId }), [deviceId]);
  const presets = useMemo(() => ({ devices: [deviceId] }), [deviceId]);
  const addButton = (
    <Button size="small" startIcon={<AddOutlined />} onClick={dialogs.add} data-testid="device-task-add">
      {t('task.add')}
    </Button>
  );
  return (
    <Section title={t('task.device.title')} testId="device-tasks" actions={addButton}>
      <TaskList
        filter={filter}
        dialogs={dialogs}
        presets={presets}
        hide={['devices', 'reminderAt']}
        defaultPageSize={DEVICE_TASKS_PAGE}
        empty={{ title: t('task.device.empty.title'), message: t('task.device.empty.message') }}
      />
    </Section>
  );
}
