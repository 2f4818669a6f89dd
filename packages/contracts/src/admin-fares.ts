/**
 * The staff console's calls for fares (issue 13), served under `/api/admin` (docs/api.md, "Staff
 * console"). Filled by the console's fares screens.
 */
export {};
