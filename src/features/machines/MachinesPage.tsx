import { MACHINE_REGISTRY } from '../../../machines/registry';
import { warmWorkerLayout, workerLayout } from './layout-engine';
import { MachinesExplorer } from './MachinesExplorer';

/** Administration / State machines (admin only): the QA explorer over the machine registry (the
 * machine a tester chooses is loaded then: machines/registry.ts), its charts laid out by elkjs in
 * a Web Worker. */
export default function MachinesPage() {
  // elkjs is large (450 KB): its worker starts when the tester reaches for a machine, while the
  // choice is being made, not as the page opens (the route stays within its budget).
  return <MachinesExplorer entries={MACHINE_REGISTRY} layout={workerLayout} onLayoutIntent={warmWorkerLayout} />;
}
