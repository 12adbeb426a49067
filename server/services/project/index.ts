/** The project service and what other modules import of its parts. */
export { DEFAULT_MAX_UPLOAD_BYTES, ProjectService, type ProjectInfo, type ProjectOptions, type ProjectServiceOptions } from './service';
export { type ProjectSource } from './store';
export { applyEdits, projectEditSchemas, type ProjectEditPart, type ProjectEdits, type ProjectEditValue } from './edits';
export { type StagedProject } from './update-job';
export { DEFAULT_RUNTIME_TIMING, ProjectRuntime, type RuntimeState, type RuntimeTiming } from './runtime';
