import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PRODUCTION_VIEW_LIMITS, PRODUCTION_VIEW_TYPES } from '@gearwatch/contracts';
import type { ProductionViewType } from '@gearwatch/contracts';
import { viewTypeDescriptionKey, viewTypeKey } from '../../api/words.ts';
import type { ViewWizardState } from '../../hooks/useViewWizard.ts';
import { LayoutSketch } from './LayoutSketch.tsx';

/** Step 1: the layout (with a sketch and a sentence on each) and the view's name. */
export function ViewStep({ wizard }: { wizard: ViewWizardState }) {
  const { t } = useTranslation();
  const typeError = wizard.errorOf('prodview_type');
  const nameError = wizard.errorOf('prodview_name');
  return (
    <Stack spacing={3}>
      <FormControl error={Boolean(typeError)} component="fieldset">
        <FormLabel component="legend" required sx={{ mb: 1 }}>
          {t('production.wizard.field.type')}
        </FormLabel>
        <Box role="radiogroup" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
          {PRODUCTION_VIEW_TYPES.map((type: ProductionViewType) => {
            const chosen = wizard.values.type === type;
            return (
              <Box
                key={type}
                component="label"
                data-testid={`view-type-${type}`}
                sx={{
                  display: 'flex',
                  gap: 1.5,
                  p: 2,
                  border: 2,
                  borderRadius: 2,
                  cursor: 'pointer',
                  borderColor: chosen ? 'primary.main' : typeError ? 'error.main' : 'divider',
                  bgcolor: chosen ? 'action.selected' : undefined,
                }}
              >
                <Radio
                  checked={chosen}
                  onChange={() => wizard.set('type', type)}
                  value={type}
                  slotProps={{ input: { 'aria-label': t(viewTypeKey(type)) } }}
                  sx={{ alignSelf: 'flex-start', p: 0.5 }}
                />
                <Box sx={{ flex: 1 }}>
                  <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
                    {t(viewTypeKey(type))}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
                    {t(viewTypeDescriptionKey(type))}
                  </Typography>
                  <LayoutSketch type={type} />
                </Box>
              </Box>
            );
          })}
        </Box>
        {typeError ? <FormHelperText>{t(typeError)}</FormHelperText> : null}
      </FormControl>
      <TextField
        label={t('production.wizard.field.name')}
        required
        value={wizard.values.name}
        onChange={(event) => wizard.set('name', event.target.value)}
        error={Boolean(nameError)}
        helperText={nameError ? t(nameError) : t('production.wizard.help.name', { min: PRODUCTION_VIEW_LIMITS.nameMin, max: PRODUCTION_VIEW_LIMITS.nameMax })}
        slotProps={{ htmlInput: { maxLength: PRODUCTION_VIEW_LIMITS.nameMax + 1 } }}
        fullWidth
      />
    </Stack>
  );
}
