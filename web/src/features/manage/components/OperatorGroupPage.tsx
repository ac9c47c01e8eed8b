import Box from '@mui/material/Box';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useOperatorGroup } from '../api/groups.ts';
import { managePaths, RESOURCES } from '../api/keys.ts';
import { useOperatorGroupOptions } from '../../../api/model-lists.ts';
import { useRowId } from '../hooks/useRowId.ts';
import { DetailHeader } from './DetailHeader.tsx';
import { DetailState } from './DetailState.tsx';
import { TodayFigures } from './GroupFigures.tsx';
import { LinkedRows } from './LinkedRows.tsx';
import { NotFound } from './NotFound.tsx';
import { Section } from '../../../components/Section.tsx';

/**
 * /manage/device-operator-groups/:id (spec 01 §2, spec 02 "Groups"): the operator group with the redirect selector,
 * Edit and Delete; its operator count and today's productivity, average activity and work per operator; its
 * operators, each linking to the operator's page.
 */
export function OperatorGroupPage() {
  const id = useRowId();
  return id === null ? <NotFound listPath={managePaths.operatorGroups} /> : <OperatorGroupDetail id={id} />;
}

function OperatorGroupDetail({ id }: { id: number }) {
  const { t } = useTranslation();
  const group = useOperatorGroup(id);
  const groups = useOperatorGroupOptions();
  const options = useMemo(() => (groups.data ?? []).map(({ id: value, name }) => ({ id: value, name })), [groups.data]);
  if (!group.data) return <DetailState query={group} listPath={managePaths.operatorGroups} />;
  const row = group.data;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <DetailHeader
        plural={RESOURCES.operatorGroups}
        id={id}
        name={row.name}
        options={options}
        switchLabel="manage.operator-group.switch"
        editTitle="manage.operator-groups.edit"
        listPath={managePaths.operatorGroups}
      ></DetailHeader>
      <TodayFigures countLabel="manage.column.operator-count" countTestId="figure-operators" count={row.operatorCount} group={row} />
      <Section title={t('manage.operator-group.operators')} testId="group-operators">
        <LinkedRows rows={row.operators} path={managePaths.deviceOperator} empty={t('manage.operator-group.no-operators')} testId="group-operator-links" />
      </Section>
    </Box>
  );
}
