import { useParams } from 'react-router';
import { LiveScreen } from './live/LiveScreen.tsx';

/** `/display/:token`: a view on a TV through a display link, without a sign-in (read-only, that view only). */
export function DisplayPage() {
  const { token = '' } = useParams();
  return <LiveScreen key={token} source={{ kind: 'display', token }} />;
}
