import { useNavigate, useParams } from 'react-router';
import { LiveScreen } from './live/LiveScreen.tsx';

/** `/production/:id/live`: a signed-in user's live screen of a view, full screen (outside the main shell). */
export function ProductionLivePage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const viewId = Number(id);
  return (
    <LiveScreen key={viewId} source={{ kind: 'view', id: Number.isInteger(viewId) && viewId > 0 ? viewId : 0 }} onBack={() => void navigate('/production')} />
  );
}
