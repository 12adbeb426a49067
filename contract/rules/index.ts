export * from './hmi-name';
export * from './password-strength';
export * from './password-form';
export * from './password-expiration';
export * from './device-time';
export * from './network';
export * from './recipe';
export * from './data';
