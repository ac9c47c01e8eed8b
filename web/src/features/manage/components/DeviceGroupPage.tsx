import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeviceGroup } from '../api/groups.ts';
import { managePaths, RESOURCES } from '../api/keys.ts';
import { useDeviceGroupOptions } from '../../../api/model-lists.ts';
import { useRowId } from '../hooks/useRowId.ts';
import { DetailHeader } from './DetailHeader.tsx';
import { DetailState } from './DetailState.tsx';
import { TodayFigures } from './GroupFigures.tsx';
import { LinkedRows } from './LinkedRows.tsx';
import { NotFound } from './NotFound.tsx';
import { Section } from '../../../components/Section.tsx';

/**
 * /manage/device-group/:id (spec 01 §2, spec 02 "Groups"): the group's name and description with the redirect
 * selector, Edit and Delete; its device count and today's productivity, average activity and work; its devices,
 * each linking to the device page.
 */
export function DeviceGroupPage() {
  const id = useRowId();
  return id === null ? <NotFound listPath={managePaths.deviceGroups} /> : <DeviceGroupDetail id={id} />;
}

function DeviceGroupDetail({ id }: { id: number }) {
  const { t } = useTranslation();
  const group = useDeviceGroup(id);
  const groups = useDeviceGroupOptions();
  const options = useMemo(() => (groups.data ?? []).map(({ id: value, name }) => ({ id: value, name })), [groups.data]);
  if (!group.data) return <DetailState query={group} listPath={managePaths.deviceGroups} />;
  const row = group.data;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <DetailHeader
        plural={RESOURCES.deviceGroups}
        id={id}
        name={row.name}
        options={options}
        switchLabel="manage.device-group.switch"
        editTitle="manage.device-groups.edit"
        listPath={managePaths.deviceGroups}
      >
        {row.description ? (
          <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
            {row.description}
          </Typography>
        ) : null}
      </DetailHeader>
      <TodayFigures countLabel="manage.column.device-count" countTestId="figure-devices" count={row.deviceCount} group={row} />
      <Section title={t('manage.device-group.devices')} testId="group-devices">
        <LinkedRows rows={row.devices} path={managePaths.device} empty={t('manage.device-group.no-devices')} testId="group-device-links" />
      </Section>
    </Box>
  );
}
