import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import DeleteOutlineOutlined from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import OpenInNewOutlined from '@mui/icons-material/OpenInNewOutlined';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface RowActionsProps {
  onOpen?: () => void;
  onEdit?: () => void;
  onDuplicate?: () => void;
  onDelete?: () => void;
  /** More buttons, after the standard ones. */
  children?: ReactNode;
}

function ActionButton({ label, icon, onClick, testId }: { label: string; icon: ReactNode; onClick: (() => void) | undefined; testId: string }) {
  if (!onClick) return null;
  return (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} data-testid={testId} onClick={onClick}>
        {icon}
      </IconButton>
    </Tooltip>
  );
}

/** The usual buttons of a list row (open, edit, duplicate, delete); only those given a handler are shown. */
export function RowActions({ onOpen, onEdit, onDuplicate, onDelete, children }: RowActionsProps) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
      <ActionButton label={t('list.action.open')} icon={<OpenInNewOutlined fontSize="small" />} onClick={onOpen} testId="row-open" />
      <ActionButton label={t('list.action.edit')} icon={<EditOutlined fontSize="small" />} onClick={onEdit} testId="row-edit" />
      <ActionButton label={t('list.action.duplicate')} icon={<ContentCopyOutlined fontSize="small" />} onClick={onDuplicate} testId="row-duplicate" />
      <ActionButton label={t('list.action.delete')} icon={<DeleteOutlineOutlined fontSize="small" />} onClick={onDelete} testId="row-delete" />
      {children}
    </Stack>
  );
}
