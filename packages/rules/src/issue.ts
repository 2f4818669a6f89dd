/** One broken rule: the field it is about, the message key (contracts/messages.ts) and its parameters. */
export interface RuleIssue {
  field: string;
  key: string;
  params?: Record<string, string | number>;
}
