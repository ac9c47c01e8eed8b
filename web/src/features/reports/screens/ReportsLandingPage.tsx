import FolderOpenOutlined from '@mui/icons-material/FolderOpenOutlined';
import NoteAddOutlined from '@mui/icons-material/NoteAddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { isOperatorReport, REPORT_TYPES } from '@gearwatch/contracts';
import { PageActions } from '../../../components/PageActions.tsx';
import { newReportPath, REPORT_ICONS, REPORTS_LIST_PATH, reportDescriptionKey, reportPath, reportTitleKey } from './report-types.ts';

/**
 * `/reports` (spec 01 §2): the ten reports, each a card with what it shows, opening its screen; the page's actions
 * open the report wizard and the generated reports.
 */
export function ReportsLandingPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageActions>
        <Button component={RouterLink} to={REPORTS_LIST_PATH} size="small" startIcon={<FolderOpenOutlined />}>
          {t('reports.screen.files')}
        </Button>
        <Button component={RouterLink} to={newReportPath()} variant="contained" size="small" startIcon={<NoteAddOutlined />}>
          {t('reports.screen.new-report')}
        </Button>
      </PageActions>
      <Box
        component="ul"
        aria-label={t('reports.screen.types')}
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 300px), 1fr))' }}
      >
        {REPORT_TYPES.map((type) => {
          const Icon = REPORT_ICONS[type];
          return (
            <Box component="li" key={type} sx={{ display: 'flex' }}>
              <Card variant="outlined" sx={{ flex: 1, display: 'flex' }}>
                <CardActionArea
                  component={RouterLink}
                  to={reportPath(type)}
                  sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'flex-start', gap: 2, p: 2 }}
                >
                  <Icon color="primary" sx={{ fontSize: 36, mt: 0.5 }} />
                  <CardContent sx={{ p: 0, '&:last-child': { pb: 0 } }}>
                    <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 500 }}>
                      {t(reportTitleKey(type))}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {t(reportDescriptionKey(type))}
                    </Typography>
                    <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
                      {t(isOperatorReport(type) ? 'reports.screen.about.operators' : 'reports.screen.about.devices')}
                    </Typography>
                  </CardContent>
                </CardActionArea>
              </Card>
            </Box>
          );
        })}
      </Box>
    </>
  );
}
