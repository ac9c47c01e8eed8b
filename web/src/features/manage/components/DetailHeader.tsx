import DeleteOutlineOutlined from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { RedirectSelector } from '../../../components/forms/RedirectSelector.tsx';
import { useNamePage } from '../../../components/PageName.tsx';
import type { RedirectOption } from '../../../components/forms/RedirectSelector.tsx';
import { useEntityDialogs } from '../../../hooks/useEntityDialogs.ts';
import { EntityDialogs } from './EntityDialogs.tsx';

export interface DetailHeaderProps {
  plural: string;
  id: number;
  name: string;
  /** Facts under the name (type, company, description…). */
  children?: ReactNode;
  /** The rows the redirect selector switches to, and its label (a translation key). */
  options: readonly RedirectOption[];
  switchLabel: string;
  /** Translation key of the edit dialog's title. */
  editTitle: string;
  /** Where the page goes once its row is deleted. */
  listPath: string;
}

/**
 * The head of a /manage detail page: the row's name and facts, the redirect selector to another row of the same
 * kind (spec 01 §2), and Edit and Delete with their dialogs. The row's name is also the page's breadcrumb and title.
 */
export function DetailHeader({ plural, id, name, children, options, switchLabel, editTitle, listPath }: DetailHeaderProps) {
  const { t } = useTranslation();
  useNamePage(name);
  const navigate = useNavigate();
  const dialogs = useEntityDialogs();
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="detail-header">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 2 }}>
        <Box sx={{ flex: 1, minWidth: 240 }}>
          <Typography variant="h5" component="h2" sx={{ wordBreak: 'break-word' }}>
            {name}
          </Typography>
          {children ? <Box sx={{ mt: 0.75 }}>{children}</Box> : null}
        </Box>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <RedirectSelector options={options} label={switchLabel} />
          <Button variant="outlined" startIcon={<EditOutlined />} onClick={() => dialogs.edit(id)}>
            {t('list.action.edit')}
          </Button>
          <Button variant="outlined" color="error" startIcon={<DeleteOutlineOutlined />} onClick={() => dialogs.remove(id, name)}>
            {t('list.action.delete')}
          </Button>
        </Stack>
      </Box>
      {/* Deleted: its page has nothing left to show, so back to the list (replacing the page in the history). */}
      <EntityDialogs
        dialogs={dialogs}
        plural={plural}
        addTitle={editTitle}
        editTitle={editTitle}
        onDeleted={() => void navigate(listPath, { replace: true })}
      />
    </Paper>
  );
}

export interface FactProps {
  /** Translated. */
  label: string;
  children: ReactNode;
}

/** One "label: value" fact under a detail page's name. */
export function Fact({ label, children }: FactProps) {
  return (
    <Typography variant="body2" component="div" color="text.secondary" sx={{ display: 'inline-flex', gap: 0.5, mr: 2.5, alignItems: 'baseline' }}>
      <span>{label}:</span>
      <Box component="span" sx={{ color: 'text.primary' }}>
        {children}
      </Box>
    </Typography>
  );
}
