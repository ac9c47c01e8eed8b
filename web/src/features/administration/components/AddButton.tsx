import AddOutlined from '@mui/icons-material/AddOutlined';
import Button from '@mui/material/Button';
import { PageActions } from '../../../components/PageActions.tsx';

/** A page's add button, in the breadcrumb bar's page-actions slot (spec 01 §2). `label` is already translated. */
export function AddButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <PageActions>
      <Button variant="contained" size="small" startIcon={<AddOutlined />} onClick={onClick}>
        {label}
      </Button>
    </PageActions>
  );
}
