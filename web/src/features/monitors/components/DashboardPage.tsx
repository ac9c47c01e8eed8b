import { MonitorBoard } from './MonitorBoard.tsx';

/** The dashboard (spec 01 §2): the user's own board of monitors. */
export function DashboardPage() {
  return <MonitorBoard page="dashboard" />;
}
