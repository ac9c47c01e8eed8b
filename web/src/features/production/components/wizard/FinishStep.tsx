import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import UploadOutlined from '@mui/icons-material/UploadOutlined';
import { useId, useRef } from 'react';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PRODUCTION_LOGO_TYPES, PRODUCTION_VIEW_LIMITS } from '@gearwatch/contracts';
import type { ViewWizardState } from '../../hooks/useViewWizard.ts';
import { RESET_HOURS } from '../../hooks/wizard-rules.ts';
import { readImageFile } from '../../../../components/files/image-file.ts';

/** Step 3: the reset hours (one or more whole hours) and the logo. */
export function FinishStep({ wizard }: { wizard: ViewWizardState }) {
  const { t } = useTranslation();
  const hoursLabel = useId();
  const hoursError = wizard.errorOf('reset_hours');
  const chosen = new Set(wizard.values.resetHours);
  const toggle = (hour: string) => {
    const next = chosen.has(hour) ? wizard.values.resetHours.filter((value) => value !== hour) : [...wizard.values.resetHours, hour];
    wizard.set('resetHours', next.sort());
  };
  return (
    <Stack spacing={3}>
      <FormControl error={Boolean(hoursError)} component="fieldset">
        <FormLabel component="legend" id={hoursLabel} required>
          {t('production.wizard.field.reset-hours')}
        </FormLabel>
        <FormHelperText error={false} sx={{ mx: 0, mb: 1 }}>
          {t('production.wizard.help.reset-hours')}
        </FormHelperText>
        <Box
          role="group"
          aria-labelledby={hoursLabel}
          data-testid="reset-hours"
          sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(72px, 1fr))', gap: 1 }}
        >
          {RESET_HOURS.map((hour) => {
            const on = chosen.has(hour);
            return (
              <Chip
                key={hour}
                label={hour}
                clickable
                color={on ? 'primary' : 'default'}
                variant={on ? 'filled' : 'outlined'}
                aria-pressed={on}
                onClick={() => toggle(hour)}
                sx={{ fontVariantNumeric: 'tabular-nums' }}
              />
            );
          })}
        </Box>
        {hoursError ? <FormHelperText>{t(hoursError)}</FormHelperText> : null}
      </FormControl>
      <LogoField wizard={wizard} />
    </Stack>
  );
}

function LogoField({ wizard }: { wizard: ViewWizardState }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const helpId = useId();
  const error = wizard.errorOf('file');
  const shown = wizard.values.logo ?? wizard.values.savedLogo;
  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be picked again after a refusal.
    event.target.value = '';
    if (!file) return;
    const result = await readImageFile(file, PRODUCTION_VIEW_LIMITS.logoMaxBytes);
    if ('error' in result) {
      wizard.setLogoError(result.error);
      return;
    }
    wizard.set('logo', result.dataUrl);
  };
  return (
    <FormControl error={Boolean(error)} component="fieldset">
      <FormLabel component="legend" required={wizard.values.savedLogo === null} sx={{ mb: 1 }}>
        {t('production.wizard.field.logo')}
      </FormLabel>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} data-testid="logo-field">
        <Box
          sx={{
            width: 160,
            height: 80,
            border: 1,
            borderColor: error ? 'error.main' : 'divider',
            borderRadius: 1,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            bgcolor: 'grey.900',
            p: 1,
          }}
        >
          {shown ? (
            <Box
              component="img"
              src={shown}
              alt={t('production.wizard.logo-preview')}
              data-testid="logo-preview"
              sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
            />
          ) : (
            <Typography variant="caption" sx={{ color: 'grey.400', textAlign: 'center' }}>
              {t('production.wizard.no-logo')}
            </Typography>
          )}
        </Box>
        <Box>
          <Button variant="outlined" size="small" startIcon={<UploadOutlined />} onClick={() => input.current?.click()} aria-describedby={helpId}>
            {t(shown ? 'production.wizard.logo-replace' : 'production.wizard.logo-upload')}
          </Button>
          <input
            ref={input}
            type="file"
            hidden
            accept={PRODUCTION_LOGO_TYPES.join(',')}
            aria-label={t('production.wizard.logo-upload')}
            data-testid="logo-input"
            onChange={(event) => void pick(event)}
          />
          <FormHelperText id={helpId}>
            {error ? t(error) : t('production.wizard.help.logo', { size: Math.round(PRODUCTION_VIEW_LIMITS.logoMaxBytes / 1024) })}
          </FormHelperText>
        </Box>
      </Stack>
    </FormControl>
  );
}
