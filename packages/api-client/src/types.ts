/** The parsed type of a contracts schema, without importing Zod into the app. */
export type Infer<S extends { parse: (value: unknown) => unknown }> = ReturnType<S['parse']>;
