import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import UploadOutlined from '@mui/icons-material/UploadOutlined';
import { useId, useRef } from 'react';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AVATAR_TYPES, PROFILE_LIMITS } from '@gearwatch/contracts';
import { readImageFile } from '../../../components/files/image-file.ts';

export interface AvatarFieldProps {
  /** The avatar shown: the saved one, the picked one, or null. */
  value: string | null;
  /** Shown in the circle when there is no image. */
  initials: string;
  /** A message key: the client's own check of a picked file or the server's answer. */
  error: string | null;
  onChange: (dataUrl: string | null) => void;
  onError: (messageKey: string | null) => void;
}

/** The avatar with a preview, an upload button (png or jpeg, at most 512 KB) and a remove button. */
export function AvatarField({ value, initials, error, onChange, onError }: AvatarFieldProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const helpId = useId();
  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be picked again after a removal.
    event.target.value = '';
    if (!file) return;
    const result = await readImageFile(file, PROFILE_LIMITS.avatarMaxBytes);
    if ('error' in result) {
      onError(result.error);
      return;
    }
    onError(null);
    onChange(result.dataUrl);
  };
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} data-testid="avatar-field">
      <Avatar
        src={value ?? undefined}
        alt={t('profile.avatar')}
        sx={{ width: 88, height: 88, fontSize: 32, bgcolor: 'primary.dark' }}
        data-testid="avatar-preview"
      >
        {initials}
      </Avatar>
      <Box>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="outlined" size="small" startIcon={<UploadOutlined />} onClick={() => input.current?.click()} aria-describedby={helpId}>
            {t('profile.avatar.upload')}
          </Button>
          <Button size="small" color="inherit" startIcon={<DeleteOutlined />} disabled={!value} onClick={() => onChange(null)}>
            {t('profile.avatar.remove')}
          </Button>
        </Stack>
        <input
          ref={input}
          type="file"
          hidden
          accept={AVATAR_TYPES.join(',')}
          aria-label={t('profile.avatar.upload')}
          data-testid="avatar-input"
          onChange={(event) => void pick(event)}
        />
        <FormHelperText id={helpId} error={Boolean(error)}>
          {error ? t(error) : t('profile.avatar.help', { size: Math.round(PROFILE_LIMITS.avatarMaxBytes / 1024) })}
        </FormHelperText>
      </Box>
    </Stack>
  );
}
