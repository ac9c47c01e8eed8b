import AddOutlined from '@mui/icons-material/AddOutlined';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { TASK_PREFILL_PARAMS, TASK_TYPES } from '@gearwatch/contracts';
import type { TaskListFilter, TaskType } from '@gearwatch/contracts';
import { useDeviceOptions } from '../../../api/model-lists.ts';
import { PageActions } from '../../../components/PageActions.tsx';
import type { FormValues } from '../../../components/forms/form-values.ts';
import { FilterSelect, filterId, modelOptions } from '../../../components/list/FilterSelect.tsx';
import { useEntityDialogs } from '../../../hooks/useEntityDialogs.ts';
import { TaskList } from './TaskList.tsx';

/**
 * The new-task form's presets a link asks for (`/tasks?new=1&device=5&name=…&type=part-replace`, the alert page's
 * "create a task"); null when the link does not ask for the form.
 */
export function prefillOf(params: URLSearchParams): FormValues | null {
  if (params.get(TASK_PREFILL_PARAMS.open) !== '1') return null;
  const presets: FormValues = {};
  const device = Number(params.get(TASK_PREFILL_PARAMS.device));
  if (Number.isInteger(device) && device > 0) presets.devices = [device];
  const name = params.get(TASK_PREFILL_PARAMS.name)?.trim();
  if (name) presets.name = name;
  const type = params.get(TASK_PREFILL_PARAMS.type);
  if (type && (TASK_TYPES as readonly string[]).includes(type)) presets.type = type as TaskType;
  return presets;
}

/**
 * /tasks (issue 20): the company's tasks with the filters mine, overdue and device; add, edit, delete and mark done.
 * A link with `new=1` opens the new-task form with its presets at once.
 */
export function TasksPage() {
  const { t } = useTranslation();
  const dialogs = useEntityDialogs();
  const devices = useDeviceOptions();
  const [params, setParams] = useSearchParams();
  const [mine, setMine] = useState(false);
  const [overdue, setOverdue] = useState(false);
  const [device, setDevice] = useState('');
  const [presets, setPresets] = useState<FormValues | undefined>(undefined);
  const filter = useMemo<TaskListFilter>(() => ({ mine: mine || undefined, overdue: overdue || undefined, device: filterId(device) }), [mine, overdue, device]);

  const { add } = dialogs;
  useEffect(() => {
    const prefill = prefillOf(params);
    if (prefill === null) return;
    setPresets(prefill);
    add();
    // The link did its work: a reload or going back does not open the form again.
    setParams({}, { replace: true });
  }, [params, setParams, add]);

  const addButton = (
    <Button
      variant="contained"
      size="small"
      startIcon={<AddOutlined />}
      onClick={() => {
        setPresets(undefined);
        add();
      }}
    >
      {t('task.add')}
    </Button>
  );
  const toolbar = (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <FormControlLabel control={<Switch checked={mine} onChange={(_, checked) => setMine(checked)} />} label={t('task.filter.mine')} />
      <FormControlLabel control={<Switch checked={overdue} onChange={(_, checked) => setOverdue(checked)} />} label={t('task.filter.overdue')} />
      <FilterSelect label={t('task.filter.device')} value={device} options={modelOptions(devices)} onChange={setDevice} />
    </Stack>
  );
  return (
    <>
      <PageActions>{addButton}</PageActions>
      <TaskList
        filter={filter}
        dialogs={dialogs}
        presets={presets}
        toolbar={toolbar}
        empty={{ title: t('task.empty.title'), message: t('task.empty.message'), actions: addButton }}
      />
    </>
  );
}
