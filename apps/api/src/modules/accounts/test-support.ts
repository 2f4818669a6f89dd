/** The accounts tests' support lives with the shared test support (apps/api/test/support). */
export * from '../../../test/support/clients';
