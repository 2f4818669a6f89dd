/**
 * The staff console's calls for dashboard (issue 13), served under `/api/admin` (docs/api.md, "Staff
 * console"). Filled by the console's dashboard screens.
 */
export {};
