export * from './auth';
export * from './common';
export * from './content';
export * from './enums';
export * from './envelope';
export * from './errors';
export * from './messages';
export * from './search';
