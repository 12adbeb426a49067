export * from './api';
export * from './errors';
export * from './roles';
export * from './rules';
export * from './project-format';
export * from './versions';
