import { defineModule, type ModuleOptions } from '../../platform/module';
import { contentAdminRoutes } from './content.admin-routes';
import { ContentRepository } from './content.repository';
import { contentRoutes } from './content.routes';
import { ContentAdminService } from './content-admin.service';

/** The content module: the translation texts the app merges at start-up, and their editor in the console. */
export const contentModule = defineModule<ModuleOptions>('content', [], async (app, { platform }) => {
  app.layers.add('main', contentRoutes({ db: platform.db }));
  app.layers.add(
    'staff',
    contentAdminRoutes(
      new ContentAdminService({
        repo: new ContentRepository(platform.db),
        now: platform.now,
        audit: platform.audit,
      }),
    ),
  );
});
