import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { LANGUAGE_NATIVE_NAMES } from '@gearwatch/contracts';
import type { Language } from '@gearwatch/contracts';
import type { ReactNode } from 'react';

// Flags drawn inline: no image requests, crisp at any size.
const FLAGS: Record<Language, ReactNode> = {
  pl: (
    <>
      <rect width="30" height="10" fill="#fff" />
      <rect y="10" width="30" height="10" fill="#dc143c" />
    </>
  ),
  en: (
    <>
      <rect width="30" height="20" fill="#012169" />
      <path d="M0 0l30 20M30 0L0 20" stroke="#fff" strokeWidth="4" />
      <path d="M0 0l30 20M30 0L0 20" stroke="#c8102e" strokeWidth="1.6" />
      <path d="M15 0v20M0 10h30" stroke="#fff" strokeWidth="6" />
      <path d="M15 0v20M0 10h30" stroke="#c8102e" strokeWidth="3.4" />
    </>
  ),
  lv: (
    <>
      <rect width="30" height="20" fill="#9e3039" />
      <rect y="8" width="30" height="4" fill="#fff" />
    </>
  ),
  ru: (
    <>
      <rect width="30" height="6.67" fill="#fff" />
      <rect y="6.67" width="30" height="6.67" fill="#0039a6" />
      <rect y="13.33" width="30" height="6.67" fill="#d52b1e" />
    </>
  ),
};

export function Flag({ language, width = 30 }: { language: Language; width?: number }) {
  return (
    <svg
      viewBox="0 0 30 20"
      width={width}
      height={(width * 2) / 3}
      aria-hidden="true"
      style={{ display: 'block', borderRadius: 2, boxShadow: '0 0 0 1px rgba(0,0,0,0.15)' }}
    >
      {FLAGS[language]}
    </svg>
  );
}

export interface LanguageFlagsProps {
  languages: readonly Language[];
  current: Language;
  onChange: (language: Language) => void;
}

/** Language flags of the login card; each button is named by the language in its own tongue. */
export function LanguageFlags({ languages, current, onChange }: LanguageFlagsProps) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'center' }}>
      {languages.map((language) => (
        <Tooltip key={language} title={LANGUAGE_NATIVE_NAMES[language]}>
          <IconButton
            aria-label={LANGUAGE_NATIVE_NAMES[language]}
            aria-pressed={language === current}
            onClick={() => onChange(language)}
            sx={{
              opacity: language === current ? 1 : 0.55,
              outline: language === current ? '2px solid' : 'none',
              outlineColor: 'primary.main',
              outlineOffset: -2,
            }}
          >
            <Flag language={language} />
          </IconButton>
        </Tooltip>
      ))}
    </Stack>
  );
}
