import AddOutlined from '@mui/icons-material/AddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { REPORT_TYPES } from '@gearwatch/contracts';
import type { ReportType } from '@gearwatch/contracts';
import { PageActions } from '../../../components/PageActions.tsx';
import { DeleteDialog } from '../../../components/dialogs/DeleteDialog.tsx';
import { deleteDialogOf, formDialogOf, useEntityDialogs } from '../../../hooks/useEntityDialogs.ts';
import { CONFIGURATIONS } from '../api/configurations.ts';
import { ConfigurationsList } from '../configurations/ConfigurationsList.tsx';
import { ReportWizard } from '../wizard/ReportWizard.tsx';
import { FilesList } from './FilesList.tsx';

const TABS = ['files', 'configurations'] as const;
type ReportsTab = (typeof TABS)[number];

/** The query keys of the page: `tab=configurations`, and `new` (a report type, or anything) to open the wizard. */
export const REPORTS_LIST_QUERY = { tab: 'tab', new: 'new' } as const;

const isReportType = (value: string | null): value is ReportType => value !== null && (REPORT_TYPES as readonly string[]).includes(value);

/**
 * /reports-list (spec 01 §2, issue 18): the generated files (live status, download, retry) and the report
 * configurations (enabled switch, edit, delete) on two tabs, and "New report" opening the wizard. A screen links to the
 * wizard with `?new={reportType}`: it opens with that type chosen.
 */
export function ReportsListPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const dialogs = useEntityDialogs();
  const tab: ReportsTab = params.get(REPORTS_LIST_QUERY.tab) === 'configurations' ? 'configurations' : 'files';
  const asked = params.get(REPORTS_LIST_QUERY.new);
  const form = formDialogOf(dialogs);
  const removal = deleteDialogOf(dialogs);
  const wizardOpen = asked !== null || form.open;

  const change = (update: (next: URLSearchParams) => void) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        update(next);
        return next;
      },
      { replace: true },
    );
  const closeWizard = () => {
    if (asked !== null) change((next) => next.delete(REPORTS_LIST_QUERY.new));
    dialogs.close();
  };
  const newButton = (
    <Button variant="contained" size="small" startIcon={<AddOutlined />} onClick={dialogs.add}>
      {t('report.wizard.title-new')}
    </Button>
  );
  return (
    <>
      <PageActions>{newButton}</PageActions>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs
          value={tab}
          onChange={(_, value: ReportsTab) =>
            change((next) => (value === 'files' ? next.delete(REPORTS_LIST_QUERY.tab) : next.set(REPORTS_LIST_QUERY.tab, value)))
          }
          variant="scrollable"
          allowScrollButtonsMobile
        >
          {TABS.map((value) => (
            <Tab key={value} value={value} label={t(`reports.list.tab.${value}`)} />
          ))}
        </Tabs>
      </Box>
      {tab === 'files' ? (
        <FilesList emptyActions={newButton} />
      ) : (
        <ConfigurationsList onEdit={dialogs.edit} onDelete={dialogs.remove} emptyActions={newButton} />
      )}
      <ReportWizard open={wizardOpen} onClose={closeWizard} editId={asked === null ? form.id : null} initialType={isReportType(asked) ? asked : null} />
      <DeleteDialog open={removal?.open ?? false} plural={CONFIGURATIONS} id={removal?.id ?? 0} name={removal?.name ?? ''} onClose={dialogs.close} />
    </>
  );
}
