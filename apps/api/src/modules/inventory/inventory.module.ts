import { defineModule, type ModuleOptions } from '../../platform/module';
import { createInventory, type Inventory } from './inventory.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Seat counts and holds, in the caller's transaction (booking, and the scenario builders). */
    inventory: Inventory;
  }
}

/** The inventory module: seat counts of dated flights and the seats orders hold. It serves no call of its own. */
export const inventoryModule = defineModule<ModuleOptions>('inventory', ['network'], async (app) => {
  app.decorate('inventory', createInventory());
});
