import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DEVICE_TYPE_ADMIN_CONTEXT, deviceTypeAdminEntrySchema } from '@gearwatch/contracts';
import type { DeviceTypeAdminEntry } from '@gearwatch/contracts';
import { DeleteDialog } from '../../../components/dialogs/DeleteDialog.tsx';
import { DuplicateDialog } from '../../../components/dialogs/DuplicateDialog.tsx';
import { FormDialog } from '../../../components/forms/FormDialog.tsx';
import { EntityList } from '../../../components/list/EntityList.tsx';
import type { EntityColumn } from '../../../components/list/entity-column.ts';
import { RowActions } from '../../../components/list/RowActions.tsx';
import { deleteDialogOf, formDialogOf, useEntityDialogs } from '../../../hooks/useEntityDialogs.ts';
import { AddButton } from './AddButton.tsx';
import { DeviceTypeParameters } from './DeviceTypeParameters.tsx';
import { noDependentActions } from './dependents.ts';

const parse = (entry: unknown): DeviceTypeAdminEntry => deviceTypeAdminEntrySchema.parse(entry);

/** The search parameter that holds the chosen type, so a reload or a shared link shows the same parameters. */
export const SELECTED_TYPE_PARAM = 'type';

function columns(selected: number | null): EntityColumn<DeviceTypeAdminEntry>[] {
  return [
    {
      key: 'name',
      header: 'admin.column.name',
      sortField: 'name',
      cell: (row) => (
        <Typography
          variant="body2"
          aria-current={row.id === selected ? 'true' : undefined}
          sx={row.id === selected ? { fontWeight: 700, color: 'primary.main' } : undefined}
        >
          {row.name}
        </Typography>
      ),
    },
    { key: 'description', header: 'admin.device-types.column.description', cell: (row) => row.description ?? '—' },
    { key: 'devices', header: 'admin.device-types.column.devices', cell: (row) => row.deviceCount, sortField: 'deviceCount', align: 'right' },
    { key: 'parameters', header: 'admin.device-types.column.parameters', cell: (row) => row.parameterCount, sortField: 'parameterCount', align: 'right' },
  ];
}

/**
 * /administration/devices-types: the device-type catalogue every company shares, with how many devices and
 * parameters each type has. A type can be copied with all its parameters (duplicate); choosing a row shows its
 * parameters below, where they are added, edited and deleted. A type that devices have cannot be deleted, and the
 * server has no call to change their type, so the dialog only names the devices.
 */
export function DeviceTypesPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const selected = Number(params.get(SELECTED_TYPE_PARAM)) || null;
  const dialogs = useEntityDialogs();
  const form = formDialogOf(dialogs);
  const removal = deleteDialogOf(dialogs);
  const [duplicate, setDuplicate] = useState<{ open: boolean; row: DeviceTypeAdminEntry | null }>({ open: false, row: null });
  const cols = useMemo(() => columns(selected), [selected]);

  const select = useCallback(
    (id: number | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (id === null) next.delete(SELECTED_TYPE_PARAM);
          else next.set(SELECTED_TYPE_PARAM, String(id));
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const clearSelection = useCallback(() => select(null), [select]);

  return (
    <Stack spacing={2}>
      <AddButton label={t('admin.device-types.add')} onClick={dialogs.add} />
      <EntityList<DeviceTypeAdminEntry>
        plural="devicetypes"
        context={DEVICE_TYPE_ADMIN_CONTEXT}
        columns={cols}
        parse={parse}
        defaultSort="name"
        onRowClick={(row) => select(row.id)}
        actions={(row) => (
          <RowActions
            onOpen={() => select(row.id)}
            onEdit={() => dialogs.edit(row.id)}
            onDuplicate={() => setDuplicate({ open: true, row })}
            onDelete={() => dialogs.remove(row.id, row.name)}
          />
        )}
        empty={{ title: t('admin.device-types.empty') }}
      />
      {selected === null ? (
        <Box sx={{ px: 1 }}>
          <Typography variant="body2" color="text.secondary" data-testid="parameters-hint">
            {t('admin.parameters.choose-type')}
          </Typography>
        </Box>
      ) : (
        <DeviceTypeParameters deviceTypeId={selected} onMissing={clearSelection} />
      )}
      <FormDialog
        open={form.open}
        resource="devicetypes"
        id={form.id}
        title={t(form.id === null ? 'admin.device-types.add' : 'admin.device-types.edit')}
        onClose={dialogs.close}
        onSaved={(id) => select(id)}
      />
      {removal ? (
        <DeleteDialog
          open={removal.open}
          plural="devicetypes"
          id={removal.id}
          name={removal.name}
          onClose={dialogs.close}
          onDeleted={(id) => (id === selected ? select(null) : undefined)}
          actionable={noDependentActions}
        />
      ) : null}
      {duplicate.row ? (
        <DuplicateDialog
          open={duplicate.open}
          plural="devicetypes"
          id={duplicate.row.id}
          name={duplicate.row.name}
          onClose={() => setDuplicate((current) => ({ ...current, open: false }))}
          // The copy's parameters are what one checks next.
          onDuplicated={(id) => select(id)}
        />
      ) : null}
    </Stack>
  );
}
