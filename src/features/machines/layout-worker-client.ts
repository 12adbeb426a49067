/**
 * Runs ELK in the Web Worker of layout.worker.ts. This module is only loaded (by layout-engine's
 * dynamic import) when the QA explorer draws its first chart; webpack turns the `new Worker(new
 * URL(...))` below into a chunk of its own.
 */
import type { ElkNode } from 'elkjs/lib/elk-api';
import type { LayoutRequest, LayoutResponse } from './layout.worker';

let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, { resolve: (g: ElkNode) => void; reject: (e: Error) => void }>();

function theWorker(): Worker {
  if (worker) return worker;
  const w = new Worker(/* webpackChunkName: "statechart-layout" */ new URL('./layout.worker.ts', import.meta.url));
  w.onmessage = (e: MessageEvent<LayoutResponse>) => {
    const waiting = pending.get(e.data.id);
    if (!waiting) return;
    pending.delete(e.data.id);
    if ('error' in e.data) waiting.reject(new Error(e.data.error));
    else waiting.resolve(e.data.graph);
  };
  w.onerror = (e) => {
    for (const waiting of pending.values()) waiting.reject(new Error(e.message || 'layout worker failed'));
    pending.clear();
    w.terminate();
    worker = null;
  };
  worker = w;
  return w;
}

export function layoutInWorker(graph: ElkNode): Promise<ElkNode> {
  return new Promise((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject });
    const request: LayoutRequest = { id, graph };
    theWorker().postMessage(request);
  });
}

/** Starts the worker now (once), so that elkjs is fetched and compiled while the tester's choice
 * of a machine is being made rather than after the first chart is asked for. */
export function startLayoutWorker(): void {
  theWorker();
}
