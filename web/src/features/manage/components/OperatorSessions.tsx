import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { operatorSessionEntrySchema } from '@gearwatch/contracts';
import type { OperatorSessionEntry } from '@gearwatch/contracts';
import { EntityList } from '../../../components/list/EntityList.tsx';
import type { EntityColumn } from '../../../components/list/entity-column.ts';
import { formatDateTime, formatDuration } from '../../../components/dates/format.ts';
import { managePaths } from '../api/keys.ts';
import { useDateFormat } from '../../../components/dates/useDateFormat.ts';
import { Section } from '../../../components/Section.tsx';

const parseSession = (entry: unknown) => operatorSessionEntrySchema.parse(entry);
const seconds = (value: number | null) => (value === null ? '—' : formatDuration(value));

/** Who held the card: the operator's page, or the number of a card no operator has. */
function SessionOperator({ session }: { session: OperatorSessionEntry }) {
  const { t } = useTranslation();
  if (session.operator) {
    return (
      <Link component={RouterLink} to={managePaths.deviceOperator(session.operator.id)} underline="hover">
        {session.operator.name}
      </Link>
    );
  }
  return <Chip size="small" color="warning" variant="outlined" label={t('manage.sessions.unknown-card', { rfid: session.rfid })} />;
}

/**
 * The operator history of a device (spec 02 "Operators": operator, start, end, active time, work time), newest first,
 * through the list protocol of `GET /api/devices/{id}/operator-sessions`: EntityList brings the sort and the
 * paginator, the path standing in for a resource's plural.
 */
export function OperatorSessions({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const dateFormat = useDateFormat();
  const columns: EntityColumn<OperatorSessionEntry>[] = [
    { key: 'operator', header: 'manage.sessions.column.operator', sortField: 'operator', cell: (row) => <SessionOperator session={row} /> },
    { key: 'start', header: 'manage.sessions.column.start', sortField: 'start', cell: (row) => formatDateTime(row.start, dateFormat) },
    { key: 'end', header: 'manage.sessions.column.end', cell: (row) => (row.end ? formatDateTime(row.end, dateFormat) : t('manage.sessions.ongoing')) },
    { key: 'active', header: 'manage.sessions.column.active', align: 'right', cell: (row) => seconds(row.activeSeconds) },
    { key: 'work', header: 'manage.sessions.column.work', align: 'right', cell: (row) => seconds(row.workSeconds) },
  ];
  return (
    <Section title={t('manage.sessions.title')} testId="operator-sessions">
      {/* The list draws its own outlined paper; inside the section it would be a frame within a frame. */}
      <Box sx={{ '& > .MuiPaper-root': { border: 0, borderRadius: 0 } }}>
        <EntityList<OperatorSessionEntry>
          plural={`devices/${deviceId}/operator-sessions`}
          columns={columns}
          parse={parseSession}
          defaultSort="-start"
          defaultPageSize={10}
          searchable={false}
          empty={{ title: t('manage.sessions.empty') }}
        />
      </Box>
    </Section>
  );
}
