import AddOutlined from '@mui/icons-material/AddOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminParameterSchema, deviceTypeDetailSchema } from '@gearwatch/contracts';
import type { AdminParameter, FormDefinition, ParameterListFilter, TeltonikaParameterPreset } from '@gearwatch/contracts';
import { useApi } from '../../../api/ApiProvider.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ApiError } from '../../../api/errors.ts';
import { DeleteDialog } from '../../../components/dialogs/DeleteDialog.tsx';
import { FormDialog } from '../../../components/forms/FormDialog.tsx';
import { EntityList } from '../../../components/list/EntityList.tsx';
import type { EntityColumn } from '../../../components/list/entity-column.ts';
import { RowActions } from '../../../components/list/RowActions.tsx';
import { deleteDialogOf, formDialogOf, useEntityDialogs } from '../../../hooks/useEntityDialogs.ts';
import type { FormPresets } from '../../../components/forms/form-values.ts';
import { BooleanCell } from './BooleanCell.tsx';
import { TeltonikaPresetMenu } from './TeltonikaPresetMenu.tsx';
import { presetFormValues, presetNameKey } from './teltonika-presets.ts';

const parse = (entry: unknown): AdminParameter => adminParameterSchema.parse(entry);

function AggregationCell({ value }: { value: AdminParameter['aggregation'] }) {
  const { t } = useTranslation();
  return <>{t(`parameter.aggregation.${value}`)}</>;
}

const COLUMNS: readonly EntityColumn<AdminParameter>[] = [
  { key: 'number', header: 'admin.parameters.column.number', cell: (row) => row.number, sortField: 'number', align: 'right', width: 96 },
  { key: 'name', header: 'admin.column.name', cell: (row) => row.name, sortField: 'name' },
  { key: 'unit', header: 'admin.parameters.column.unit', cell: (row) => (row.unit ? row.unit.short || row.unit.name : '—') },
  { key: 'aggregation', header: 'admin.parameters.column.aggregation', cell: (row) => <AggregationCell value={row.aggregation} /> },
  {
    key: 'tags',
    header: 'admin.parameters.column.tags',
    cell: (row) => (
      <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
        {row.tags.map((tag) => (
          <Chip key={tag} size="small" label={tag} />
        ))}
      </Stack>
    ),
  },
  {
    key: 'teltonika',
    header: 'admin.parameters.column.teltonika',
    cell: (row) => <TeltonikaMappingCell mapping={row.teltonika} />,
  },
  { key: 'public', header: 'admin.parameters.column.public', cell: (row) => <BooleanCell value={row.public} />, align: 'center' },
];

/** The IO id a parameter reads and how its raw value is scaled: `IO 66 × 0.001`, `+ offset` when there is one. */
function TeltonikaMappingCell({ mapping }: { mapping: AdminParameter['teltonika'] }) {
  const { t } = useTranslation();
  if (!mapping) return <>—</>;
  const scaled = mapping.multiplier === 1 ? '' : ` × ${mapping.multiplier}`;
  const shifted = mapping.offset === 0 ? '' : ` ${mapping.offset < 0 ? '−' : '+'} ${Math.abs(mapping.offset)}`;
  return <>{t('admin.parameters.teltonika-io', { id: mapping.ioId }) + scaled + shifted}</>;
}

export interface DeviceTypeParametersProps {
  deviceTypeId: number;
  /** The type is gone (deleted elsewhere, or a stale link): the page drops the selection. */
  onMissing: () => void;
}

/**
 * The parameters of one device type (`GET /api/parameters?filter={"deviceType":id}`), by number, with their add,
 * edit and delete. A new parameter's form starts with this type chosen.
 */
export function DeviceTypeParameters({ deviceTypeId, onMissing }: DeviceTypeParametersProps) {
  const { t } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const dialogs = useEntityDialogs();
  const form = formDialogOf(dialogs);
  const removal = deleteDialogOf(dialogs);
  const type = useQuery({
    queryKey: ['devicetypes', 'detail', deviceTypeId],
    queryFn: async ({ signal }) => deviceTypeDetailSchema.parse(await api.get<unknown>(`/api/devicetypes/${deviceTypeId}`, undefined, signal)),
  });
  const missing = type.error instanceof ApiError && type.error.status === 404;
  useEffect(() => {
    if (missing) onMissing();
  }, [missing, onMissing]);
  const filter = useMemo<ParameterListFilter>(() => ({ deviceType: deviceTypeId }), [deviceTypeId]);
  // The plain add starts with this type; "Add from Teltonika preset" fills in the rest of the form as well.
  const [preset, setPreset] = useState<TeltonikaParameterPreset | null>(null);
  const parameters = type.data?.parameters;
  const mappedIoIds = useMemo(() => new Set((parameters ?? []).flatMap((p) => (p.teltonika ? [p.teltonika.ioId] : []))), [parameters]);
  const presets = useMemo<FormPresets>(() => {
    if (!preset) return { deviceType: deviceTypeId };
    const context = { deviceTypeId, numbers: (parameters ?? []).map((p) => p.number), name: t(presetNameKey(preset)) };
    return (definition: Pick<FormDefinition, 'choices'>) => presetFormValues(preset, context, definition);
  }, [deviceTypeId, parameters, preset, t]);
  // A parameter saved or deleted changes the type's parameter count in the list above.
  const refreshTypes = () => void queryClient.invalidateQueries({ queryKey: ['devicetypes'] });

  return (
    <Box component="section" aria-labelledby="device-type-parameters-title" data-testid="device-type-parameters">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1, px: 1 }}>
        <Typography id="device-type-parameters-title" variant="h6" component="h2" sx={{ flex: 1 }}>
          {type.data ? t('admin.parameters.title', { name: type.data.name }) : t('admin.parameters.title-loading')}
        </Typography>
        <TeltonikaPresetMenu
          mappedIoIds={mappedIoIds}
          disabled={!parameters}
          onPick={(picked) => {
            setPreset(picked);
            dialogs.add();
          }}
        />
        <Button
          variant="outlined"
          size="small"
          startIcon={<AddOutlined />}
          onClick={() => {
            setPreset(null);
            dialogs.add();
          }}
        >
          {t('admin.parameters.add')}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1, px: 1 }} data-testid="teltonika-preset-help">
        {t('admin.parameters.preset-help')}
      </Typography>
      {type.isError && !missing ? (
        <Alert severity="error" sx={{ mb: 1 }}>
          {t('admin.parameters.type-load-failed')}
        </Alert>
      ) : null}
      {type.data?.parameters.length === 0 ? (
        // The list would call an empty answer to its type filter "nothing matches your search": the type has none.
        <Paper variant="outlined">
          <EmptyState title={t('admin.parameters.empty')} />
        </Paper>
      ) : (
        <EntityList<AdminParameter>
          plural="parameters"
          columns={COLUMNS}
          parse={parse}
          filter={filter}
          defaultSort="number"
          actions={(row) => <RowActions onEdit={() => dialogs.edit(row.id)} onDelete={() => dialogs.remove(row.id, `${row.number} · ${row.name}`)} />}
        />
      )}
      <FormDialog
        open={form.open}
        resource="parameters"
        id={form.id}
        title={t(form.id === null ? 'admin.parameters.add' : 'admin.parameters.edit')}
        onClose={dialogs.close}
        onSaved={refreshTypes}
        presets={presets}
      />
      {removal ? (
        <DeleteDialog open={removal.open} plural="parameters" id={removal.id} name={removal.name} onClose={dialogs.close} onDeleted={refreshTypes} />
      ) : null}
    </Box>
  );
}
