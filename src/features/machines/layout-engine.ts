/**
 * The seam between the explorer and its layout engine. In the browser the layout runs in a Web
 * Worker (layout-worker-client.ts, loaded on first use); tests, which have no Worker, pass their
 * own synchronous layout to <MachinesExplorer layout={...}>.
 */
import type { ElkNode } from 'elkjs/lib/elk-api';

export type LayoutFn = (graph: ElkNode) => Promise<ElkNode>;

export const workerLayout: LayoutFn = async (graph) => {
  const { layoutInWorker } = await import('./layout-worker-client');
  return layoutInWorker(graph);
};

/** Loads the layout engine ahead of the first chart (the explorer calls it when a tester reaches
 * for a machine); later calls do nothing more. */
export function warmWorkerLayout(): void {
  void import('./layout-worker-client').then((m) => m.startLayoutWorker(), () => undefined);
}
