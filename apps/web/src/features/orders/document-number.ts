import type { RuleIssue } from '@wings/rules';

/** A passenger's document number as the order look-ups take it: 4 to 30 letters and digits. */
const DOC_NUMBER = /^[A-Za-z0-9]{4,30}$/;

/** The document number's rules, shared by the order look-up and the limited view's upgrade form. */
export function docNumberIssues(value: string, field = 'docNumber'): RuleIssue[] {
  const doc = value.trim();
  if (!doc) return [{ field, key: 'search.doc_required' }];
  if (!DOC_NUMBER.test(doc)) return [{ field, key: 'search.doc_format' }];
  return [];
}
