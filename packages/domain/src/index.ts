export * from './alerts';
export * from './contrast';
export * from './errors';
export * from './locale';
