import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import ContactlessOutlined from '@mui/icons-material/ContactlessOutlined';
import EmailOutlined from '@mui/icons-material/EmailOutlined';
import EventOutlined from '@mui/icons-material/EventOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import PrecisionManufacturingOutlined from '@mui/icons-material/PrecisionManufacturingOutlined';
import SensorsOutlined from '@mui/icons-material/SensorsOutlined';
import InputAdornment from '@mui/material/InputAdornment';
import type SvgIcon from '@mui/material/SvgIcon';
import type { ReactNode } from 'react';

type SvgIconComponent = typeof SvgIcon;

/**
 * The client's icon set for form fields (`FormField.icon`). The server names an icon; a name the client does not
 * know shows no icon rather than failing, so the server may add names before the client draws them.
 */
export const FORM_ICONS: Readonly<Record<string, SvgIconComponent>> = {
  person: PersonOutlined,
  phone: PhoneOutlined,
  email: EmailOutlined,
  rfid: ContactlessOutlined,
  device: PrecisionManufacturingOutlined,
  group: GroupsOutlined,
  sensor: SensorsOutlined,
  company: BusinessOutlined,
  name: BadgeOutlined,
  place: PlaceOutlined,
  date: EventOutlined,
  key: KeyOutlined,
};

/** The icon of a field as a start adornment, or undefined for none. */
export function iconAdornment(icon: string | null): ReactNode {
  const Icon = icon ? FORM_ICONS[icon] : undefined;
  if (!Icon) return undefined;
  return (
    <InputAdornment position="start">
      <Icon fontSize="small" data-testid={`form-icon-${icon}`} />
    </InputAdornment>
  );
}
