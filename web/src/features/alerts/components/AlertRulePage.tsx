import DeleteOutlineOutlined from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { AlertRuleDetail } from '@gearwatch/contracts';
import { ApiError } from '../../../api/errors.ts';
import { useNamePage } from '../../../components/PageName.tsx';
import { useEntityDialogs } from '../../../hooks/useEntityDialogs.ts';
import { alertPaths, ruleTypeKey } from '../api/keys.ts';
import { useAlertRule } from '../api/rules.ts';
import { AlertTable } from './AlertTable.tsx';
import { EnabledSwitch } from './EnabledSwitch.tsx';
import { Importance } from './Importance.tsx';
import { RuleAssignments } from './RuleAssignments.tsx';
import { RuleConditions } from './RuleConditions.tsx';
import { RuleDialogs } from './RuleDialogs.tsx';
import { Section } from '../../../components/Section.tsx';
import { AlarmStatsChips } from './AlarmStatsChips.tsx';
import { DraftChip } from './DraftChip.tsx';
import { describeRule } from '../api/words.ts';

/** Recent alerts on the rule page: one short page, newest first. */
const RECENT_ALERTS = 10;

/**
 * /alerts/alert-rule/:id (spec 01 §2): the rule (name, type, importance, description, enabled), edit and delete,
 * its devices, groups and users, its conditions in words and its recent alerts. An archived rule is read-only.
 */
export function AlertRulePage() {
  const { t } = useTranslation();
  const id = Number(useParams()['id']);
  const valid = Number.isSafeInteger(id) && id > 0;
  const rule = useAlertRule(valid ? id : 0);
  if (!valid || (rule.error instanceof ApiError && rule.error.status === 404)) {
    return <Alert severity="warning">{t('alert-rule.not-found')}</Alert>;
  }
  if (rule.isError) return <Alert severity="error">{t('list.load-failed')}</Alert>;
  if (!rule.data) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label={t('common.loading')} />
      </Box>
    );
  }
  return <RuleDetail rule={rule.data} />;
}

function RuleDetail({ rule }: { rule: AlertRuleDetail }) {
  const { t, i18n } = useTranslation();
  const generated = describeRule(rule.type, rule.summary, t, i18n.language);
  const navigate = useNavigate();
  const dialogs = useEntityDialogs();
  useNamePage(rule.name);
  return (
    <Stack spacing={2}>
      {rule.archived ? (
        <Alert severity="info" data-testid="rule-archived">
          {t('alert-rule.archived')}
        </Alert>
      ) : null}
      <Paper variant="outlined" sx={{ p: 2 }} data-testid="rule-header">
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 2 }}>
          <Box sx={{ flex: 1, minWidth: 240 }}>
            <Typography variant="h5" component="h2" sx={{ wordBreak: 'break-word' }}>
              {rule.name}
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2.5, alignItems: 'center', mt: 0.75, color: 'text.secondary' }}>
              <Typography variant="body2">{t(ruleTypeKey(rule.type))}</Typography>
              {rule.draft ? <DraftChip /> : null}
              <Importance importance={rule.importance} />
              <Box component="label" sx={{ display: 'inline-flex', alignItems: 'center' }}>
                <EnabledSwitch id={rule.id} enabled={rule.enabled} readOnly={rule.archived} />
                <Typography variant="body2">{t(rule.enabled ? 'alert-rule.enabled.yes' : 'alert-rule.enabled.no')}</Typography>
              </Box>
              <AlarmStatsChips stats={rule.stats} />
            </Box>
            {generated ? (
              <Typography variant="body2" sx={{ mt: 1 }} data-testid="rule-summary">
                {generated}
              </Typography>
            ) : null}
            {rule.description ? (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, whiteSpace: 'pre-line' }} data-testid="rule-description">
                {rule.description}
              </Typography>
            ) : null}
          </Box>
          {rule.archived ? null : (
            <Stack direction="row" spacing={1}>
              <Button variant="outlined" startIcon={<EditOutlined />} onClick={() => dialogs.edit(rule.id)}>
                {t('list.action.edit')}
              </Button>
              <Button variant="outlined" color="error" startIcon={<DeleteOutlineOutlined />} onClick={() => dialogs.remove(rule.id, rule.name)}>
                {t('list.action.delete')}
              </Button>
            </Stack>
          )}
        </Box>
      </Paper>
      <RuleAssignments rule={rule} />
      <RuleConditions rule={rule} />
      <Section title={t('alert-rule.recent-alerts')} testId="rule-alerts">
        <AlertTable
          scope={{ rule: rule.id }}
          hide={['rule', 'description']}
          defaultPageSize={RECENT_ALERTS}
          empty={{ title: t('alert-rule.recent-alerts.empty.title'), message: t('alert-rule.recent-alerts.empty.message') }}
        />
      </Section>
      <RuleDialogs dialogs={dialogs} onDeleted={() => void navigate(alertPaths.rules, { replace: true })} />
    </Stack>
  );
}
