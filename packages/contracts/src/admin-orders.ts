/**
 * The staff console's calls for orders (issue 13), served under `/api/admin` (docs/api.md, "Staff
 * console"). Filled by the console's orders screens.
 */
export {};
