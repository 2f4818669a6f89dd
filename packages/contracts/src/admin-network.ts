/**
 * The staff console's calls for network (issue 13), served under `/api/admin` (docs/api.md, "Staff
 * console"). Filled by the console's network screens.
 */
export {};
