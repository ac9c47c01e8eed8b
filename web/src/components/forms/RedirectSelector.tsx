import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useLocation, useMatches, useNavigate, useParams } from 'react-router';
import { redirectPath } from './redirect-path.ts';

export interface RedirectOption {
  id: number;
  name: string;
}

export interface RedirectSelectorProps {
  options: readonly RedirectOption[];
  /** A translation key. */
  label: string;
  /** The route parameter the options stand for (default `id`). */
  param?: string;
}

/**
 * Switches a detail page to another row (spec 01 §2 "redirect selector"): the same route, with its `:id` replaced by
 * the chosen option's id, so a sub-page (a device's sensors) stays on the same sub-page of the other row.
 */
export function RedirectSelector({ options, label, param = 'id' }: RedirectSelectorProps) {
  const { t } = useTranslation();
  const params = useParams();
  const matches = useMatches();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const current = params[param] ?? '';
  const known = options.some((option) => String(option.id) === current);
  return (
    <TextField
      select
      size="small"
      label={t(label)}
      value={known ? current : ''}
      onChange={(event) => {
        const path = redirectPath(
          pathname,
          matches.map((match) => match.pathname),
          params,
          param,
          event.target.value,
        );
        if (path && event.target.value !== current) void navigate(path);
      }}
      sx={{ minWidth: 200 }}
    >
      {options.map((option) => (
        <MenuItem key={option.id} value={String(option.id)}>
          {option.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
