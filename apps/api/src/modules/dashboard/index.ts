/**
 * dashboard/: the staff console's dashboard (issue 13). It owns no data: each figure is read from
 * the module that owns it (booking, payments, inventory) through that module's public functions.
 */

export { dashboardAdminModule } from './dashboard.admin-module';
export { DASHBOARD_READERS, dashboardAdminRoutes } from './dashboard.admin-routes';
export { createDashboard, type Dashboard, LOAD_DAYS, REVENUE_DAYS } from './dashboard.service';
