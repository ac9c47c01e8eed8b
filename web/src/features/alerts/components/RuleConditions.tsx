import AddOutlined from '@mui/icons-material/AddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AlertRuleDetail } from '@gearwatch/contracts';
import { DeleteDialog } from '../../../components/dialogs/DeleteDialog.tsx';
import { FormDialog } from '../../../components/forms/FormDialog.tsx';
import { RowActions } from '../../../components/list/RowActions.tsx';
import { deleteDialogOf, formDialogOf, useEntityDialogs } from '../../../hooks/useEntityDialogs.ts';
import { ALERT_RESOURCES, conditionsResource } from '../api/keys.ts';
import { parameterChoice, useConditionChoices } from '../api/rules.ts';
import { describeCondition } from '../api/words.ts';
import { needsCondition, relabelArgument } from '../hooks/useConditionStep.ts';
import { Section } from '../../../components/Section.tsx';

/**
 * The rule's conditions in words (all must hold for the rule to breach), each edited or removed through the
 * server's condition form and delete; types without conditions say so.
 */
export function RuleConditions({ rule }: { rule: AlertRuleDetail }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const dialogs = useEntityDialogs();
  const withConditions = needsCondition(rule.type);
  const choices = useConditionChoices(rule.id, withConditions && !rule.archived);
  const resource = conditionsResource(rule.id);
  const form = formDialogOf(dialogs);
  const removal = deleteDialogOf(dialogs);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: [ALERT_RESOURCES.rules] });
  const words = (condition: Record<string, unknown>) =>
    describeCondition(rule.type, condition, parameterChoice(choices.data, condition['variable']), t, i18n.language);
  return (
    <Section
      title={t('alert-rule.conditions')}
      testId="rule-conditions"
      actions={
        withConditions && !rule.archived ? (
          <Button size="small" startIcon={<AddOutlined />} onClick={dialogs.add}>
            {t('alert-rule.condition.add')}
          </Button>
        ) : null
      }
    >
      <Box sx={{ px: 2, py: 1.5 }}>
        {!withConditions ? (
          <Typography variant="body2" color="text.secondary">
            {t('alert-rule.no-conditions-needed')}
          </Typography>
        ) : rule.conditions.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('alert-rule.condition.none')}
          </Typography>
        ) : (
          <Box component="ol" sx={{ m: 0, pl: 2.5 }}>
            {rule.conditions.map((row) => (
              <Box component="li" key={row.id} data-testid="rule-condition" sx={{ py: 0.5 }}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                  <Typography variant="body2" sx={{ flex: 1 }}>
                    {words(row.condition)}
                  </Typography>
                  {rule.archived ? null : <RowActions onEdit={() => dialogs.edit(row.id)} onDelete={() => dialogs.remove(row.id, words(row.condition))} />}
                </Box>
              </Box>
            ))}
          </Box>
        )}
      </Box>
      <FormDialog
        open={form.open}
        resource={resource}
        id={form.id}
        title={t(form.id === null ? 'alert-rule.condition.add' : 'alert-rule.condition.edit')}
        onClose={dialogs.close}
        onSaved={refresh}
        fieldsOf={(definition, values) => relabelArgument(definition.schema, definition.choices, values, rule.type, t)}
      />
      <DeleteDialog
        open={removal?.open ?? false}
        plural={resource}
        id={removal?.id ?? 0}
        name={removal?.name ?? ''}
        onClose={dialogs.close}
        onDeleted={refresh}
      />
    </Section>
  );
}
