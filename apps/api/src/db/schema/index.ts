// Every table of the system, one file per owning module (docs/architecture.md).
export * from './accounts';
export * from './addons';
export * from './booking';
export * from './content';
export * from './exchange-rates';
export * from './fares';
export * from './insurance';
export * from './inventory';
export * from './mail';
export * from './network';
export * from './oauth';
export * from './payments';
export * from './platform';
export * from './seating';
export * from './settings';
export * from './staff';
export * from './tickets';
