import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../../../components/list/FilterSelect.tsx';

/** The active / inactive filter of a list ('' for both). */
export function ActiveFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  const options = [
    { value: 'true', label: t('status.active') },
    { value: 'false', label: t('status.inactive') },
  ];
  return <FilterSelect label={t('admin.filter.active')} value={value} options={options} onChange={onChange} />;
}

/** The `active` key of a list's filter for an ActiveFilter's value; undefined for both. */
export function activeFilter(value: string): boolean | undefined {
  return value === '' ? undefined : value === 'true';
}
