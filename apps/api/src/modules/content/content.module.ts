import { defineModule, type ModuleOptions } from '../../platform/module';
import { contentRoutes } from './content.routes';

/** The content module: the translation texts the app merges at start-up. */
export const contentModule = defineModule<ModuleOptions>('content', [], async (app, { platform }) => {
  app.layers.add('main', contentRoutes({ db: platform.db }));
});
