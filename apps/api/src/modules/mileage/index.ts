/**
 * Mileage: the public face of the module (docs/architecture.md). The member's ledger of miles,
 * tiers, bills, claims and calculators (issue 18). app.ts registers the plugin; db/seed writes
 * the demo award chart through `seedDemoAwardChart`.
 */
export { seedDemoAwardChart } from './award-chart';
export { mileageModule } from './mileage.module';
