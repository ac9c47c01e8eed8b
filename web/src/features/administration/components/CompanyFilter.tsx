import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCompanyOptions } from '../api/options.ts';
import { FilterSelect, modelOptions } from '../../../components/list/FilterSelect.tsx';

/** The company filter of an administration list: every company by name ('' for all). */
export function CompanyFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  const companies = useCompanyOptions();
  const options = useMemo(() => modelOptions(companies.data), [companies.data]);
  return <FilterSelect label={t('admin.filter.company')} value={value} options={options} onChange={onChange} />;
}
