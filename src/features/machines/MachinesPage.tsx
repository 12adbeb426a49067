import { MACHINE_REGISTRY } from '../../../machines/registry';
import { workerLayout } from './layout-engine';
import { MachinesExplorer } from './MachinesExplorer';

/** Administration / State machines (admin only): the QA explorer over the machine registry, its
 * charts laid out by elkjs in a Web Worker. */
export default function MachinesPage() {
  return <MachinesExplorer entries={MACHINE_REGISTRY} layout={workerLayout} />;
}
