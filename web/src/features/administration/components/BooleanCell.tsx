import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import RemoveCircleOutlineOutlined from '@mui/icons-material/RemoveCircleOutlineOutlined';
import { useTranslation } from 'react-i18next';

/** A yes or no of a list cell as an icon; the word is its accessible name (and what a test reads). */
export function BooleanCell({ value }: { value: boolean }) {
  const { t } = useTranslation();
  const label = t(value ? 'admin.yes' : 'admin.no');
  return value ? (
    <CheckCircleOutlined fontSize="small" color="success" titleAccess={label} />
  ) : (
    <RemoveCircleOutlineOutlined fontSize="small" sx={{ color: 'grey.500' }} titleAccess={label} />
  );
}
