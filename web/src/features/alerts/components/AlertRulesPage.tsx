import AddOutlined from '@mui/icons-material/AddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ALERT_IMPORTANCES, ALERT_RULE_TYPES, alertRuleRowSchema } from '@gearwatch/contracts';
import type { AlertRuleRow } from '@gearwatch/contracts';
import { PageActions } from '../../../components/PageActions.tsx';
import { EntityList } from '../../../components/list/EntityList.tsx';
import type { EntityColumn } from '../../../components/list/entity-column.ts';
import { FilterSelect } from '../../../components/list/FilterSelect.tsx';
import { RowActions } from '../../../components/list/RowActions.tsx';
import { useEntityDialogs } from '../../../hooks/useEntityDialogs.ts';
import { useDuplicateDialog } from '../../../hooks/useDuplicateDialog.ts';
import { RowDuplicateDialog } from '../../../components/dialogs/DuplicateDialog.tsx';
import { ALERT_RESOURCES, alertPaths, ruleTypeKey } from '../api/keys.ts';
import { EnabledSwitch } from './EnabledSwitch.tsx';
import { Importance, importanceKey } from './Importance.tsx';
import { RuleDialogs } from './RuleDialogs.tsx';
import { DraftChip } from './DraftChip.tsx';
import { faqFromKeys } from '../../../components/FaqAccordion.tsx';
import type { FaqKeys } from '../../../components/FaqAccordion.tsx';

const parseRule = (entry: unknown) => alertRuleRowSchema.parse(entry);

/**
 * /alerts/alert-rules (spec 01 §2): the rules with type, importance, the enabled toggle and the number of devices;
 * filters by type, importance and enabled; add (the wizard), edit, delete.
 */
/** The empty list's questions (spec 01 §2): what a rule is, how to add one, who hears of it. */
const ALERT_RULE_FAQ: readonly FaqKeys[] = [
  ['alert-rule.faq.what.question', 'alert-rule.faq.what.answer'],
  ['alert-rule.faq.add.question', 'alert-rule.faq.add.answer'],
  ['alert-rule.faq.who.question', 'alert-rule.faq.who.answer'],
];

export function AlertRulesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dialogs = useEntityDialogs();
  const duplicate = useDuplicateDialog();
  const [type, setType] = useState('');
  const [importance, setImportance] = useState('');
  const [enabled, setEnabled] = useState('');
  const filter = useMemo(
    () => ({ type: type || undefined, importance: importance || undefined, enabled: enabled === '' ? undefined : enabled === 'true' }),
    [type, importance, enabled],
  );
  const addButton = (
    <Button variant="contained" size="small" startIcon={<AddOutlined />} onClick={dialogs.add}>
      {t('alert-rule.add')}
    </Button>
  );
  const columns: EntityColumn<AlertRuleRow>[] = [
    {
      key: 'name',
      header: 'alert-rule.column.name',
      sortField: 'name',
      cell: (row) => (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Link component={RouterLink} to={alertPaths.rule(row.id)} underline="hover" sx={{ fontWeight: 500 }}>
            {row.name}
          </Link>
          {row.draft ? <DraftChip /> : null}
        </Box>
      ),
    },
    { key: 'type', header: 'alert-rule.column.type', sortField: 'type', cell: (row) => t(ruleTypeKey(row.type)) },
    { key: 'importance', header: 'alert-rule.column.importance', sortField: 'importance', cell: (row) => <Importance importance={row.importance} /> },
    {
      key: 'enabled',
      header: 'alert-rule.column.enabled',
      sortField: 'enabled',
      cell: (row) => <EnabledSwitch id={row.id} enabled={row.enabled} readOnly={row.archived} />,
    },
    { key: 'devices', header: 'alert-rule.column.device-count', sortField: 'deviceCount', align: 'right', cell: (row) => row.deviceCount },
  ];
  return (
    <>
      <PageActions>{addButton}</PageActions>
      <EntityList<AlertRuleRow>
        plural={ALERT_RESOURCES.rules}
        columns={columns}
        parse={parseRule}
        filter={filter}
        defaultSort="name"
        toolbar={
          <>
            <FilterSelect
              label={t('alert-rule.filter.type')}
              value={type}
              options={ALERT_RULE_TYPES.map((value) => ({ value, label: t(ruleTypeKey(value)) }))}
              onChange={setType}
            />
            <FilterSelect
              label={t('alert-rule.filter.importance')}
              value={importance}
              options={ALERT_IMPORTANCES.map((value) => ({ value, label: t(importanceKey(value)) }))}
              onChange={setImportance}
            />
            <FilterSelect
              label={t('alert-rule.filter.enabled')}
              value={enabled}
              options={[
                { value: 'true', label: t('alert-rule.enabled.yes') },
                { value: 'false', label: t('alert-rule.enabled.no') },
              ]}
              onChange={setEnabled}
            />
          </>
        }
        empty={{ title: t('alert-rule.empty.title'), message: t('alert-rule.empty.message'), actions: addButton, faq: faqFromKeys(t, ALERT_RULE_FAQ) }}
        actions={(row) => (
          <RowActions
            onOpen={() => void navigate(alertPaths.rule(row.id))}
            onEdit={() => dialogs.edit(row.id)}
            onDuplicate={row.archived ? undefined : () => duplicate.start(row)}
            onDelete={() => dialogs.remove(row.id, row.name)}
          />
        )}
      />
      <RuleDialogs dialogs={dialogs} />
      <RowDuplicateDialog plural={ALERT_RESOURCES.rules} duplicate={duplicate} />
    </>
  );
}
