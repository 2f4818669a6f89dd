export * from './dates';
export * from './distance';
export * from './fares';
export * from './issue';
export * from './money';
export * from './search';
export * from './signature';
