/**
 * The statechart layout, off the main thread: receives `{ id, graph }` (an ELK graph from
 * toElkGraph), answers `{ id, graph }` laid out, or `{ id, error }`. elkjs (about 430 KB gzipped)
 * is only in this worker's chunk, which only the QA explorer starts.
 */
import ELK from 'elkjs/lib/elk.bundled.js';
import type { ElkNode } from 'elkjs/lib/elk-api';

export interface LayoutRequest {
  id: number;
  graph: ElkNode;
}

export type LayoutResponse = { id: number; graph: ElkNode } | { id: number; error: string };

const elk = new ELK();

self.onmessage = (e: MessageEvent<LayoutRequest>) => {
  const { id, graph } = e.data;
  elk.layout(graph).then(
    (laid) => self.postMessage({ id, graph: laid } satisfies LayoutResponse),
    (err: unknown) => self.postMessage({ id, error: err instanceof Error ? err.message : String(err) } satisfies LayoutResponse),
  );
};
