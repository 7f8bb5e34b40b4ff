export * from './compass';
export * from './forecast';
export * from './rules';
