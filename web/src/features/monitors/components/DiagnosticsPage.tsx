import { MonitorBoard } from './MonitorBoard.tsx';

/** The diagnostics page (menu title monitor, spec 02 §2): a second board of monitors. */
export function DiagnosticsPage() {
  return <MonitorBoard page="diagnostics" />;
}
