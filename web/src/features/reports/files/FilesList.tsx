import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import ReplayOutlined from '@mui/icons-material/ReplayOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_FILE_STATUSES, REPORT_TYPES } from '@gearwatch/contracts';
import type { ReportFile } from '@gearwatch/contracts';
import { ApiError } from '../../../api/errors.ts';
import { formatDateTime, formatShortDate } from '../../../components/dates/format.ts';
import { useDateFormat } from '../../../components/dates/useDateFormat.ts';
import { useNotify } from '../../../components/dialogs/useNotify.ts';
import { EntityList } from '../../../components/list/EntityList.tsx';
import type { EntityColumn } from '../../../components/list/entity-column.ts';
import { FilterSelect } from '../../../components/list/FilterSelect.tsx';
import { reportTypeKey } from '../api/configurations.ts';
import { FILES, parseReportFile, useDownloadReportFile, useRetryFile } from '../api/files.ts';
import { formatSize } from './file-format.ts';
import { FileStatus } from './FileStatus.tsx';
import { reportFileStatusOf } from '../../../components/status/report-file-status.ts';

function FileActions({ file }: { file: ReportFile }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const download = useDownloadReportFile();
  const retry = useRetryFile();
  const status = reportFileStatusOf(file.status);
  return (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
      {status === 'DONE' ? (
        <Tooltip title={t('reports.list.download')}>
          <span>
            <IconButton
              size="small"
              aria-label={t('reports.list.download')}
              data-testid="file-download"
              disabled={download.isPending}
              onClick={() => download.mutate(file, { onError: (error) => notify.failure(error, 'reports.list.download-failed') })}
            >
              <DownloadOutlined fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      ) : null}
      {status === 'ERROR' ? (
        <Tooltip title={t('reports.list.retry')}>
          <span>
            <IconButton
              size="small"
              aria-label={t('reports.list.retry')}
              data-testid="file-retry"
              disabled={retry.isPending}
              onClick={() =>
                retry.mutate(file.id, {
                  onSuccess: () => notify.success('reports.list.retried', { name: file.name }),
                  // 409: it was retried elsewhere meanwhile; the list is read again either way.
                  onError: (error) =>
                    error instanceof ApiError && error.status === 409
                      ? notify.error('reports.list.retry-conflict')
                      : notify.failure(error, 'reports.list.retry-failed'),
                })
              }
            >
              <ReplayOutlined fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      ) : null}
    </Stack>
  );
}

export interface FilesListProps {
  /** The empty state's actions (New report). */
  emptyActions?: ReactNode;
}

/**
 * The generated report files (`GET /api/reports/files`, list protocol): status (live while NEW or PROCESS), name, type,
 * period, size, who asked and when; download when DONE, retry when ERROR; filters by status and type.
 */
export function FilesList({ emptyActions }: FilesListProps) {
  const { t } = useTranslation();
  const dateFormat = useDateFormat();
  const { language } = dateFormat;
  const [status, setStatus] = useState('');
  const [type, setType] = useState('');
  const filter = useMemo(() => ({ status: status || undefined, reportType: type || undefined }), [status, type]);
  const columns: EntityColumn<ReportFile>[] = [
    { key: 'status', header: 'reports.list.column.status', sortField: 'status', cell: (file) => <FileStatus file={file} /> },
    {
      key: 'name',
      header: 'reports.list.column.name',
      sortField: 'name',
      cell: (file) => (
        <Typography variant="body2" sx={{ fontWeight: 500, wordBreak: 'break-word', minWidth: 200 }}>
          {file.name}
        </Typography>
      ),
    },
    { key: 'type', header: 'reports.list.column.type', cell: (file) => t(reportTypeKey(file.reportType)) },
    {
      key: 'period',
      header: 'reports.list.column.period',
      cell: (file) => (
        <Box
          component="span"
          sx={{ whiteSpace: 'nowrap' }}
        >{`${formatShortDate(file.period.from, language)} – ${formatShortDate(file.period.to, language)}`}</Box>
      ),
    },
    {
      key: 'size',
      header: 'reports.list.column.size',
      align: 'right',
      cell: (file) => (
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {file.size === null ? '—' : formatSize(file.size, language)}
        </Box>
      ),
    },
    { key: 'requestedBy', header: 'reports.list.column.requested-by', cell: (file) => file.requestedBy?.name ?? t('reports.list.requested-by-schedule') },
    { key: 'createdAt', header: 'reports.list.column.created', sortField: 'createdAt', cell: (file) => formatDateTime(file.createdAt, dateFormat) },
  ];
  return (
    <EntityList<ReportFile>
      plural={FILES}
      columns={columns}
      parse={parseReportFile}
      filter={filter}
      toolbar={
        <>
          <FilterSelect
            label={t('reports.list.filter.status')}
            value={status}
            options={REPORT_FILE_STATUSES.map((value) => ({ value, label: t(`reports.list.status.${value.toLowerCase()}`) }))}
            onChange={setStatus}
          />
          <FilterSelect
            label={t('reports.list.filter.type')}
            value={type}
            options={REPORT_TYPES.map((value) => ({ value, label: t(reportTypeKey(value)) }))}
            onChange={setType}
          />
        </>
      }
      empty={{ title: t('reports.list.empty.title'), message: t('reports.list.empty.message'), actions: emptyActions }}
      actions={(file) => <FileActions file={file} />}
    />
  );
}
