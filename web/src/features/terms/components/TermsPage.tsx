import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router';
import { PRODUCT_NAME } from '@gearwatch/contracts';
import type { Language } from '@gearwatch/contracts';
import { Logo } from '../../../components/Logo.tsx';
import { TERMS_BY_LANGUAGE } from '../content/terms-by-language.ts';

/** The full-screen variant of the login shell (spec 01 §2) showing the terms in the route's language. */
export function TermsPage({ language }: { language: Language }) {
  const terms = TERMS_BY_LANGUAGE[language];
  useEffect(() => {
    window.document.title = `${terms.title} · ${PRODUCT_NAME}`;
  }, [terms.title]);
  return (
    <Box lang={terms.language} sx={{ minHeight: '100vh', bgcolor: 'background.default', py: { xs: 2, md: 6 } }}>
      <Container maxWidth="md">
        <Paper sx={{ p: { xs: 3, md: 6 } }}>
          <Logo height={36} />
          <Typography variant="h4" component="h1" sx={{ mt: 3 }}>
            {terms.title}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
            {terms.updated}
          </Typography>
          {terms.sections.map((section) => (
            <Box key={section.heading} component="section" sx={{ mb: 3 }}>
              <Typography variant="h6" component="h2" gutterBottom>
                {section.heading}
              </Typography>
              {section.paragraphs.map((paragraph) => (
                <Typography key={paragraph.slice(0, 40)} variant="body1" sx={{ mb: 1.5 }}>
                  {paragraph}
                </Typography>
              ))}
            </Box>
          ))}
          <Button component={RouterLink} to="/login" variant="outlined">
            {terms.back}
          </Button>
        </Paper>
      </Container>
    </Box>
  );
}
