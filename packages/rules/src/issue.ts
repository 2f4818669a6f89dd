import type { MessageParam } from '@wings/contracts';

/**
 * One broken rule: the field it is about, the message key (contracts/messages.ts) and its
 * parameters. A parameter that reads differently by language (a date, country names) carries
 * its text in each language, so the form and the API reply both say it in the reader's.
 */
export interface RuleIssue {
  field: string;
  key: string;
  params?: Record<string, MessageParam>;
}
