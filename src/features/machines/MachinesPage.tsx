import { MACHINE_REGISTRY } from '../../../machines/registry';
import { useEffect } from 'react';
import { warmWorkerLayout, workerLayout } from './layout-engine';
import { MachinesExplorer } from './MachinesExplorer';

/** Administration / State machines (admin only): the QA explorer over the machine registry, its
 * charts laid out by elkjs in a Web Worker. */
export default function MachinesPage() {
  // elkjs is large: fetched and compiled in the worker while the list of machines is read.
  useEffect(warmWorkerLayout, []);
  return <MachinesExplorer entries={MACHINE_REGISTRY} layout={workerLayout} />;
}
