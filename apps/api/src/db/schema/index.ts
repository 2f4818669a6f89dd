// Every table of the system, one file per area (DESIGN.md §6a).
export * from './accounts';
export * from './booking';
export * from './content';
export * from './fares';
export * from './inventory';
export * from './mail';
export * from './network';
export * from './payments';
export * from './platform';
