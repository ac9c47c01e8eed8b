import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_FREQUENCIES, REPORT_TYPES, reportConfigurationSchema } from '@gearwatch/contracts';
import type { ReportConfiguration } from '@gearwatch/contracts';
import { formatShortDate } from '../../../components/dates/format.ts';
import { EntityList } from '../../../components/list/EntityList.tsx';
import type { EntityColumn } from '../../../components/list/entity-column.ts';
import { FilterSelect } from '../../../components/list/FilterSelect.tsx';
import { RowActions } from '../../../components/list/RowActions.tsx';
import { RowDuplicateDialog } from '../../../components/dialogs/DuplicateDialog.tsx';
import { useDuplicateDialog } from '../../../hooks/useDuplicateDialog.ts';
import { CONFIGURATIONS, reportTypeKey } from '../api/configurations.ts';
import { ConfigurationEnabledSwitch } from './ConfigurationEnabledSwitch.tsx';
import { faqFromKeys } from '../../../components/FaqAccordion.tsx';
import type { FaqKeys } from '../../../components/FaqAccordion.tsx';

const parseConfiguration = (entry: unknown) => reportConfigurationSchema.parse(entry);

/** So many names are listed in a cell; the rest are counted. */
/** The empty list's questions: what a report configuration is and how to make one. */
const REPORT_CONFIGURATION_FAQ: readonly FaqKeys[] = [
  ['reports.configurations.faq.what.question', 'reports.configurations.faq.what.answer'],
  ['reports.configurations.faq.add.question', 'reports.configurations.faq.add.answer'],
];

const SHOWN_NAMES = 3;

export interface ConfigurationsListProps {
  onEdit: (id: number) => void;
  onDelete: (id: number, name: string) => void;
  /** The empty state's actions (New report). */
  emptyActions?: ReactNode;
}

/**
 * The report configurations (`GET /api/reportsconfigurations`, list protocol): type, name, recipients, groups,
 * interval, frequency, and for cyclic ones the enabled switch; edit (the wizard, filled), duplicate (the copy is
 * switched off) and delete.
 */
export function ConfigurationsList({ onEdit, onDelete, emptyActions }: ConfigurationsListProps) {
  const { t, i18n } = useTranslation();
  const duplicate = useDuplicateDialog();
  const [type, setType] = useState('');
  const [frequency, setFrequency] = useState('');
  const [enabled, setEnabled] = useState('');
  const filter = useMemo(
    () => ({ reportType: type || undefined, frequency: frequency || undefined, enabled: enabled === '' ? undefined : enabled === 'true' }),
    [type, frequency, enabled],
  );
  const names = (rows: readonly { name: string }[]) => {
    const shown = rows.slice(0, SHOWN_NAMES).map((row) => row.name);
    return rows.length > SHOWN_NAMES ? t('reports.configurations.more', { names: shown.join(', '), more: rows.length - SHOWN_NAMES }) : shown.join(', ');
  };
  const columns: EntityColumn<ReportConfiguration>[] = [
    {
      key: 'name',
      header: 'reports.configurations.column.name',
      sortField: 'name',
      cell: (row) => (
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {row.name}
        </Typography>
      ),
    },
    { key: 'type', header: 'reports.configurations.column.type', sortField: 'reportType', cell: (row) => t(reportTypeKey(row.reportType)) },
    {
      key: 'recipients',
      header: 'reports.configurations.column.recipients',
      cell: (row) => names([...row.users, ...row.emails.map((email) => ({ name: email }))]),
    },
    { key: 'groups', header: 'reports.configurations.column.groups', cell: (row) => names(row.groups) },
    { key: 'interval', header: 'reports.configurations.column.interval', cell: (row) => t(`report.wizard.interval.${row.reportInterval}`) },
    { key: 'frequency', header: 'reports.configurations.column.frequency', cell: (row) => t(`reports.configurations.frequency.${row.frequency}`) },
    {
      key: 'lastPeriod',
      header: 'reports.configurations.column.last-period',
      cell: (row) => {
        // A cyclic report's last period made; a once-report's own range.
        const period = row.lastPeriod ?? (row.from && row.to ? { from: row.from, to: row.to } : null);
        return period ? (
          <Box
            component="span"
            sx={{ whiteSpace: 'nowrap' }}
          >{`${formatShortDate(period.from, i18n.language)} – ${formatShortDate(period.to, i18n.language)}`}</Box>
        ) : (
          '—'
        );
      },
    },
    {
      key: 'enabled',
      header: 'reports.configurations.column.enabled',
      cell: (row) => (row.frequency === 'once' ? '—' : <ConfigurationEnabledSwitch id={row.id} enabled={row.enabled} />),
    },
  ];
  return (
    <>
      <EntityList<ReportConfiguration>
        plural={CONFIGURATIONS}
        columns={columns}
        parse={parseConfiguration}
        filter={filter}
        toolbar={
          <>
            <FilterSelect
              label={t('reports.configurations.filter.type')}
              value={type}
              options={REPORT_TYPES.map((value) => ({ value, label: t(reportTypeKey(value)) }))}
              onChange={setType}
            />
            <FilterSelect
              label={t('reports.configurations.filter.frequency')}
              value={frequency}
              options={REPORT_FREQUENCIES.map((value) => ({ value, label: t(`reports.configurations.frequency.${value}`) }))}
              onChange={setFrequency}
            />
            <FilterSelect
              label={t('reports.configurations.filter.enabled')}
              value={enabled}
              options={[
                { value: 'true', label: t('reports.configurations.enabled.yes') },
                { value: 'false', label: t('reports.configurations.enabled.no') },
              ]}
              onChange={setEnabled}
            />
          </>
        }
        empty={{
          title: t('reports.configurations.empty.title'),
          message: t('reports.configurations.empty.message'),
          actions: emptyActions,
          faq: faqFromKeys(t, REPORT_CONFIGURATION_FAQ),
        }}
        actions={(row) => <RowActions onEdit={() => onEdit(row.id)} onDuplicate={() => duplicate.start(row)} onDelete={() => onDelete(row.id, row.name)} />}
      />
      <RowDuplicateDialog plural={CONFIGURATIONS} duplicate={duplicate} />
    </>
  );
}
