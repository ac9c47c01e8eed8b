import AddOutlined from '@mui/icons-material/AddOutlined';
import LinkOutlined from '@mui/icons-material/LinkOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ProductionView, ProductionViewLine } from '@gearwatch/contracts';
import { PageActions } from '../../../components/PageActions.tsx';
import { DeleteDialog } from '../../../components/dialogs/DeleteDialog.tsx';
import { EntityList } from '../../../components/list/EntityList.tsx';
import type { EntityColumn } from '../../../components/list/entity-column.ts';
import { RowActions } from '../../../components/list/RowActions.tsx';
import { deleteDialogOf, formDialogOf, useEntityDialogs } from '../../../hooks/useEntityDialogs.ts';
import { useDuplicateDialog } from '../../../hooks/useDuplicateDialog.ts';
import { RowDuplicateDialog } from '../../../components/dialogs/DuplicateDialog.tsx';
import { parseView, VIEWS } from '../api/views.ts';
import { formatAmount, parameterName, unitOf, viewTypeKey } from '../api/words.ts';
import { DisplayLinksDialog } from './links/DisplayLinksDialog.tsx';
import { ProductionViewWizard } from './wizard/ProductionViewWizard.tsx';
import { faqFromKeys } from '../../../components/FaqAccordion.tsx';
import type { FaqKeys } from '../../../components/FaqAccordion.tsx';

/** The live screen of a view (signed in, full screen). */
export const livePath = (id: number) => `/production/${id}/live`;

/** The empty list's questions: what a production view is and how to make one. */
const PRODUCTION_VIEW_FAQ: readonly FaqKeys[] = [
  ['production.list.faq.what.question', 'production.list.faq.what.answer'],
  ['production.list.faq.add.question', 'production.list.faq.add.answer'],
];

function LineSummary({ line }: { line: ProductionViewLine }) {
  const { t, i18n } = useTranslation();
  const unit = unitOf(t, line.valueKind, line.unit);
  return (
    <Box>
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {line.label}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="div">
        {t('production.list.line-detail', {
          device: line.deviceName ?? t('production.list.no-device'),
          parameter: parameterName(t, line.param, line.paramName),
          goal: `${formatAmount(line.target, i18n.language)}${unit ? ` ${unit}` : ''}`,
        })}
      </Typography>
    </Box>
  );
}

/**
 * /production (menu: work; issue 19): the company's production views with their two lines, reset hours and logo;
 * open (the live screen), edit (the wizard, filled), display links and delete; "New view" opens the wizard.
 */
export function ProductionViewsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dialogs = useEntityDialogs();
  const duplicate = useDuplicateDialog();
  const form = formDialogOf(dialogs);
  const removal = deleteDialogOf(dialogs);
  const [links, setLinks] = useState<{ id: number; name: string } | null>(null);
  const [linksOpen, setLinksOpen] = useState(false);
  const addButton = (
    <Button variant="contained" size="small" startIcon={<AddOutlined />} onClick={dialogs.add}>
      {t('production.wizard.title-new')}
    </Button>
  );
  const columns: EntityColumn<ProductionView>[] = [
    {
      key: 'logo',
      header: 'production.list.column.logo',
      width: 96,
      cell: (row) =>
        row.logo ? (
          <Box sx={{ width: 80, height: 40, bgcolor: 'grey.900', borderRadius: 0.5, display: 'flex', alignItems: 'center', justifyContent: 'center', p: 0.5 }}>
            <Box
              component="img"
              src={row.logo}
              alt={t('production.list.logo-of', { name: row.name })}
              sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
            />
          </Box>
        ) : (
          '—'
        ),
    },
    {
      key: 'name',
      header: 'production.list.column.name',
      sortField: 'name',
      cell: (row) => (
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {row.name}
        </Typography>
      ),
    },
    { key: 'type', header: 'production.list.column.type', sortField: 'view_type', cell: (row) => t(viewTypeKey(row.view_type)) },
    {
      key: 'lines',
      header: 'production.list.column.lines',
      cell: (row) => (
        <Stack spacing={0.75}>
          {row.lines.map((line, index) => (
            <LineSummary key={index} line={line} />
          ))}
        </Stack>
      ),
    },
    { key: 'reset', header: 'production.list.column.reset-hours', cell: (row) => row.reset_time.join(', ') },
  ];
  return (
    <>
      <PageActions>{addButton}</PageActions>
      <EntityList<ProductionView>
        plural={VIEWS}
        columns={columns}
        parse={parseView}
        defaultSort="name"
        empty={{
          title: t('production.list.empty.title'),
          message: t('production.list.empty.message'),
          actions: addButton,
          faq: faqFromKeys(t, PRODUCTION_VIEW_FAQ),
        }}
        actions={(row) => (
          <RowActions
            onOpen={() => void navigate(livePath(row.id))}
            onEdit={() => dialogs.edit(row.id)}
            onDuplicate={() => duplicate.start(row)}
            onDelete={() => dialogs.remove(row.id, row.name)}
          >
            <Tooltip title={t('production.links.open')}>
              <IconButton
                size="small"
                aria-label={t('production.links.open')}
                data-testid="row-links"
                onClick={() => {
                  setLinks({ id: row.id, name: row.name });
                  setLinksOpen(true);
                }}
              >
                <LinkOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
          </RowActions>
        )}
      />
      <ProductionViewWizard open={form.open} onClose={dialogs.close} editId={form.id} />
      <RowDuplicateDialog plural={VIEWS} duplicate={duplicate} />
      <DeleteDialog open={removal?.open ?? false} plural={VIEWS} id={removal?.id ?? 0} name={removal?.name ?? ''} onClose={dialogs.close} />
      {links ? <DisplayLinksDialog open={linksOpen} viewId={links.id} viewName={links.name} onClose={() => setLinksOpen(false)} /> : null}
    </>
  );
}
