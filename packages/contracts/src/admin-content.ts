/**
 * The staff console's calls for content (issue 13), served under `/api/admin` (docs/api.md, "Staff
 * console"). Filled by the console's content screens.
 */
export {};
