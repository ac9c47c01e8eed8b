import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Outlet, Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LOGIN_FLAG_LANGUAGES } from '@gearwatch/contracts';
import { LanguageFlags } from '../../components/LanguageFlags.tsx';
import { BrandExtras } from '../../components/BrandExtras.tsx';
import { Logo } from '../../components/Logo.tsx';
import { useAppConfig } from '../../api/data-areas.ts';
import { TERMS_PATHS } from '../../features/terms/terms-paths.ts';
import { isLanguage, rememberPickedLanguage } from '../../i18n/locale.ts';
import { switchLanguage } from '../../i18n/i18n.ts';

/** The login shell (spec 01 §2): a card with the logo and the language flags around the sign-in pages. */
export function LoginShell() {
  const { t, i18n } = useTranslation();
  const current = isLanguage(i18n.language) ? i18n.language : 'pl';
  const { brand } = useAppConfig();
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        background: 'linear-gradient(160deg, #e3f2fd 0%, #f5f7fa 55%, #eceff1 100%)',
      }}
    >
      <Card component="section" sx={{ width: '100%', maxWidth: 420 }} elevation={3}>
        <CardContent sx={{ p: { xs: 3, sm: 4 }, display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Box sx={{ display: 'flex', justifyContent: 'center' }}>
            <Logo brand={brand} height={40} />
          </Box>
          <Typography variant="body2" color="text.secondary" align="center">
            {t('login.tagline')}
          </Typography>
          <Outlet />
          <LanguageFlags
            languages={LOGIN_FLAG_LANGUAGES}
            current={current}
            onChange={(language) => {
              // The session about to start stores this choice as the user's language (StoredLanguageGate).
              rememberPickedLanguage(language);
              void switchLanguage(i18n, language);
            }}
          />
          <BrandExtras brand={brand} ownerLink={false} />
        </CardContent>
      </Card>
      <Link component={RouterLink} to={TERMS_PATHS[current]} variant="body2" sx={{ mt: 2 }} color="text.secondary">
        {t('login.terms')}
      </Link>
    </Box>
  );
}
