import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { AlertRuleDetail } from '@gearwatch/contracts';
import { ApiError } from '../../../api/errors.ts';
import { useNotify } from '../../../components/dialogs/useNotify.ts';
import { alertPaths } from '../api/keys.ts';
import { useActiveUserOptions, useDeviceGroupOptions, useDeviceOptions } from '../../../api/model-lists.ts';
import type { Named } from '../../../api/model-lists.ts';
import { useAssignment } from '../api/rules.ts';
import type { AssignmentKind } from '../api/rules.ts';
import { NamedPicker } from '../../../components/selection/NamedPicker.tsx';
import { Section } from '../../../components/Section.tsx';

/** The field of each kind in the assign calls' errors. */
const ERROR_FIELDS: Record<AssignmentKind, string> = { devices: 'devices', devicegroups: 'groups', users: 'users' };

interface LinksProps {
  ruleId: number;
  kind: AssignmentKind;
  title: string;
  rows: readonly Named[];
  options: readonly Named[];
  readOnly: boolean;
  path?: (id: number) => string;
}

/** One kind of the rule's links: chips that unassign, a picker and Add that assign. */
function Links({ ruleId, kind, title, rows, options, readOnly, path }: LinksProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const assignment = useAssignment(ruleId);
  const [picked, setPicked] = useState<number[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  const linkedIds = rows.map((row) => row.id);
  const change = (ids: number[], action: 'assign' | 'unassign') =>
    assignment.mutate(
      { kind, ids, action },
      {
        onSuccess: () => {
          setPicked([]);
          setErrors([]);
        },
        onError: (error) => {
          const fieldErrors = error instanceof ApiError ? error.validation?.errors[ERROR_FIELDS[kind]] : undefined;
          if (fieldErrors) setErrors(fieldErrors);
          else notify.failure(error, 'alert-rule.assign-failed');
        },
      },
    );
  return (
    <Section title={title} testId={`rule-${kind}`}>
      <Box sx={{ px: 2, py: 1.5, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        {rows.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('alert-rule.assigned.none')}
          </Typography>
        ) : (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {rows.map((row) => (
              <Chip
                key={row.id}
                label={row.name}
                variant="outlined"
                {...(path ? { component: RouterLink, to: path(row.id), clickable: true } : {})}
                onDelete={readOnly ? undefined : () => change([row.id], 'unassign')}
                disabled={assignment.isPending}
              />
            ))}
          </Box>
        )}
        {readOnly ? null : (
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
            <Box sx={{ flex: '1 1 220px' }}>
              <NamedPicker
                label={t('alert-rule.assigned.add-label')}
                options={options.filter((option) => !linkedIds.includes(option.id))}
                value={picked}
                onChange={(ids) => {
                  setPicked(ids);
                  setErrors([]);
                }}
                errors={errors}
                testId={`add-${kind}`}
              />
            </Box>
            <Button variant="outlined" sx={{ mt: 1 }} disabled={picked.length === 0 || assignment.isPending} onClick={() => change(picked, 'assign')}>
              {t('alert-rule.assigned.add')}
            </Button>
          </Box>
        )}
      </Box>
    </Section>
  );
}

/** The rule's devices, device groups and users, each added or removed by the assign and unassign calls. */
export function RuleAssignments({ rule }: { rule: AlertRuleDetail }) {
  const { t } = useTranslation();
  const devices = useDeviceOptions();
  const groups = useDeviceGroupOptions();
  const users = useActiveUserOptions();
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr 1fr' }, alignItems: 'start' }}>
      <Links
        ruleId={rule.id}
        kind="devices"
        title={t('alert-rule.field.devices')}
        rows={rule.devices}
        options={devices ?? []}
        readOnly={rule.archived}
        path={alertPaths.device}
      />
      <Links
        ruleId={rule.id}
        kind="devicegroups"
        title={t('alert-rule.field.groups')}
        rows={rule.groups}
        options={groups.data ?? []}
        readOnly={rule.archived}
      />
      <Links ruleId={rule.id} kind="users" title={t('alert-rule.field.users')} rows={rule.users} options={users.data ?? []} readOnly={rule.archived} />
    </Box>
  );
}
