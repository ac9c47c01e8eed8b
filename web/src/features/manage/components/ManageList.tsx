import AddOutlined from '@mui/icons-material/AddOutlined';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { PageActions } from '../../../components/PageActions.tsx';
import { EntityList } from '../../../components/list/EntityList.tsx';
import type { EntityColumn } from '../../../components/list/entity-column.ts';
import { RowActions } from '../../../components/list/RowActions.tsx';
import { useEntityDialogs } from '../../../hooks/useEntityDialogs.ts';
import { useDuplicateDialog } from '../../../hooks/useDuplicateDialog.ts';
import { RowDuplicateDialog } from '../../../components/dialogs/DuplicateDialog.tsx';
import { EntityDialogs } from './EntityDialogs.tsx';
import { faqFromKeys } from '../../../components/FaqAccordion.tsx';
import type { FaqKeys } from '../../../components/FaqAccordion.tsx';

export interface ManageListTexts {
  /** Translation keys: the add button and the form dialog's titles, the empty state. */
  add: string;
  edit: string;
  emptyTitle: string;
  emptyMessage: string;
  /** Keys of the empty state's questions and answers. */
  faq?: readonly FaqKeys[];
}

export interface ManageListProps<T extends { id: number; name: string }> {
  plural: string;
  /** The columns after the name, which is always first and links to the row's page. */
  columns: readonly EntityColumn<T>[];
  /** The name column's header (a translation key). */
  nameHeader: string;
  parse: (entry: unknown) => T;
  detailPath: (id: number) => string;
  texts: ManageListTexts;
  filter?: Record<string, unknown>;
  toolbar?: ReactNode;
  searchable?: boolean;
  /** Rows can be copied (`POST /api/{plural}/{id}/duplicate`) from their menu. */
  duplicable?: boolean;
}

/**
 * A /manage list page (spec 01 §2): the resource's EntityList with the name linking to the row's page, open, edit,
 * duplicate (where the resource has it) and delete in each row, and Add in the page actions (and in the empty state of a resource without rows).
 */
export function ManageList<T extends { id: number; name: string }>({
  plural,
  columns,
  nameHeader,
  parse,
  detailPath,
  texts,
  filter,
  toolbar,
  searchable = true,
  duplicable = false,
}: ManageListProps<T>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dialogs = useEntityDialogs();
  const duplicate = useDuplicateDialog();
  const addButton = (
    <Button variant="contained" size="small" startIcon={<AddOutlined />} onClick={dialogs.add}>
      {t(texts.add)}
    </Button>
  );
  const nameColumn: EntityColumn<T> = {
    key: 'name',
    header: nameHeader,
    sortField: 'name',
    cell: (row) => (
      <Link component={RouterLink} to={detailPath(row.id)} underline="hover" sx={{ fontWeight: 500 }}>
        {row.name}
      </Link>
    ),
  };
  return (
    <>
      <PageActions>{addButton}</PageActions>
      <EntityList<T>
        plural={plural}
        columns={[nameColumn, ...columns]}
        parse={parse}
        filter={filter}
        toolbar={toolbar}
        searchable={searchable}
        empty={{ title: t(texts.emptyTitle), message: t(texts.emptyMessage), actions: addButton, faq: texts.faq ? faqFromKeys(t, texts.faq) : undefined }}
        actions={(row) => (
          <RowActions
            onOpen={() => void navigate(detailPath(row.id))}
            onEdit={() => dialogs.edit(row.id)}
            onDuplicate={duplicable ? () => duplicate.start(row) : undefined}
            onDelete={() => dialogs.remove(row.id, row.name)}
          />
        )}
      />
      <EntityDialogs dialogs={dialogs} plural={plural} addTitle={texts.add} editTitle={texts.edit} />
      {duplicable ? <RowDuplicateDialog plural={plural} duplicate={duplicate} /> : null}
    </>
  );
}
